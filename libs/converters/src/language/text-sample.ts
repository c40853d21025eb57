import type { Block, IntermediateDocument } from '../document';
import type { Inline } from '../document/intermediate-document';

/** A stretch of the document's text that is detected as one: whole paragraphs, short ones joined. */
export const SEGMENT_MIN_CHARS = 200;
/** Longer paragraphs are cut: a detector gains nothing past this, and the cost grows with it. */
export const SEGMENT_MAX_CHARS = 1000;
/** Most segments detected for one document: spread evenly over it, whatever its length. */
export const MAX_SEGMENTS = 128;

/**
 * The document's text as segments for language detection, spread evenly over the
 * document and at most MAX_SEGMENTS of them, so a long document costs no more than a
 * short one to detect. Text is what a reader sees: headings, paragraphs, list items,
 * table cells and quotes; code and image descriptions are left out (code is no
 * language, and alt text is often a file name).
 *
 * Taken in one pass: segments are kept while they fit in twice the bound; past it every
 * other one is dropped and from then on only every second (fourth, …) segment is kept.
 */
export function textSegments(document: IntermediateDocument): string[] {
  const sample = new EvenSample(MAX_SEGMENTS);
  let pending = '';
  const add = (text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!trimmed) return;
    pending = pending ? `${pending} ${trimmed}` : trimmed;
    let start = 0;
    while (pending.length - start >= SEGMENT_MIN_CHARS) {
      const end = pending.length - start <= SEGMENT_MAX_CHARS ? pending.length : wordEnd(pending, start, start + SEGMENT_MAX_CHARS);
      sample.offer(pending.slice(start, end));
      start = pending[end] === ' ' ? end + 1 : end;
    }
    pending = pending.slice(start);
  };
  for (const block of document.blocks) visit(block, add);
  if (pending) sample.offer(pending);
  return sample.taken();
}

function visit(block: Block, add: (text: string) => void): void {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      add(visibleText(block.content));
      return;
    case 'list':
      for (const item of block.items) for (const child of item.blocks) visit(child, add);
      return;
    case 'quote':
      for (const child of block.blocks) visit(child, add);
      return;
    case 'table':
      for (const row of block.header ? [block.header, ...block.rows] : block.rows) add(row.map(visibleText).join(' '));
      return;
    default:
      // code, rules, images, page breaks: no language
      return;
  }
}

/** Inline text without inline code (identifiers, commands), which reads as no language. */
function visibleText(content: readonly Inline[]): string {
  let out = '';
  for (const node of content) {
    if (node.type === 'text') out += node.text;
    else if (node.type === 'break') out += ' ';
    else if (node.type !== 'inlineCode') out += visibleText(node.content);
  }
  return out;
}

/** Where the last word that ends before `max` ends, from `start` (`max` itself in a text without spaces: CJK). */
function wordEnd(text: string, start: number, max: number): number {
  const space = text.lastIndexOf(' ', max);
  return space > (start + max) / 2 ? space : max;
}

/** Every `stride`-th of the values offered, the stride doubling whenever twice `size` are held. */
class EvenSample {
  private readonly kept: string[] = [];
  private stride = 1;
  private offered = 0;

  constructor(private readonly size: number) {}

  offer(value: string): void {
    if (this.offered++ % this.stride !== 0) return;
    this.kept.push(value);
    if (this.kept.length >= 2 * this.size) {
      // keep the even positions: the values at multiples of the doubled stride
      for (let index = 0; index * 2 < this.kept.length; index++) this.kept[index] = this.kept[index * 2];
      this.kept.length = this.size;
      this.stride *= 2;
    }
  }

  /** At most `size` values, evenly spread over all that were offered. */
  taken(): string[] {
    if (this.kept.length <= this.size) return [...this.kept];
    const step = this.kept.length / this.size;
    return Array.from({ length: this.size }, (_, index) => this.kept[Math.floor(index * step)]);
  }
}
