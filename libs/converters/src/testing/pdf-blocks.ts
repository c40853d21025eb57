import type { Block } from '../document';
import { pdfReader } from '../readers/pdf/pdf.reader';
import { fixture } from './fixtures';

/** The IR blocks of a PDF fixture, for checks on what renderers do not show (pages, boxes). */
export async function readPdfBlocks(name: string): Promise<Block[]> {
  const document = await pdfReader.read({ bytes: fixture(name), mimeType: 'application/pdf', fileName: name, maxPages: 100 });
  return document.blocks;
}
