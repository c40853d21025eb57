import { DEFAULT_CONVERSION_OPTIONS } from '../conversion-options';
import type { Block } from '../document';
import { read } from '../readers/pdf/pdf.reader';
import { readContext } from '../readers/read-context';
import { fixture } from './fixtures';

/** The IR blocks of a PDF fixture, for checks on what renderers do not show (pages, boxes). */
export async function readPdfBlocks(name: string): Promise<Block[]> {
  const document = await read(
    { bytes: fixture(name), mimeType: 'application/pdf', fileName: name },
    readContext(DEFAULT_CONVERSION_OPTIONS, 100),
  );
  return document.blocks;
}
