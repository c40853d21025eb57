import { readFileSync } from 'node:fs';
import { type DestinationResolver, type OutlineNode, outlineHints } from '../../../src/readers/pdf/pdf-outline';
import type { TruthHeading } from '../truth';

/**
 * The outline of a PDF as headings, read with pdf.js: level = depth, page = the
 * bookmark's destination. The flattening is the reader's own (src/readers/pdf/pdf-outline.ts):
 * the truth files were written with it, and a change to it shows as a change to them.
 */
export async function outlineHeadings(file: string, drop?: RegExp): Promise<TruthHeading[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(readFileSync(file));
  const doc = (await pdfjs.getDocument({ data, verbosity: 0 }).promise) as unknown as DestinationResolver & {
    getOutline(): Promise<OutlineNode[] | null>;
    destroy(): Promise<void>;
  };
  try {
    return await outlineHints(doc, await doc.getOutline(), drop);
  } finally {
    await doc.destroy();
  }
}
