import type { JsonValue } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import type { RenderOptions } from '../output-format';
import { pageGroups } from '../page-groups';
import { chunkUnits } from './chunk-units';
import { chunkHeadings, packChunks } from './pack-chunks';

/** One chunk of the chunks format's output (docs/conversions.md, "chunks"). */
export type Chunk = {
  /** 0-based, in document order. */
  index: number;
  /** Markdown, as the markdown format writes the same blocks. */
  text: string;
  /** The headings the chunk's text sits under, outermost first. */
  headings: string[];
  /** The first and last page its blocks start on (1 and 1 for documents without pages). */
  pages: [number, number];
  /** cl100k_base tokens of `text`. */
  tokens: number;
  /** Unicode code points of `text`. */
  chars: number;
};

/** The document cut for retrieval by `format.chunking` (see pack-chunks.ts for the rules). */
export function chunkDocument(document: IntermediateDocument, options: RenderOptions): Chunk[] {
  const units = chunkUnits(pageGroups(document), options.chunking.maxTokens);
  return packChunks(units, options.chunking).map(({ overlap, units: own, text, tokens }, index) => {
    const all = [...overlap, ...own];
    let first = all[0].page;
    let last = first;
    for (const unit of all) {
      first = Math.min(first, unit.page);
      last = Math.max(last, unit.page);
    }
    return { index, text, headings: chunkHeadings(all), pages: [first, last], tokens, chars: codePoints(text) };
  });
}

export const render: (document: IntermediateDocument, options: RenderOptions) => JsonValue = chunkDocument;

/** Characters as most languages count them (Python's len): code points, not UTF-16 units. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff || i + 1 === text.length) count++;
  }
  return count;
}
