import { readFileSync } from 'node:fs';
import type { TruthHeading } from '../truth';

/** The part of a pdf.js outline item read here (`PDFDocumentProxy.getOutline()`). */
export interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

export interface OutlineEntry {
  level: number;
  text: string;
  dest: string | unknown[] | null;
}

/** Control characters and runs of spaces that some producers leave in bookmark titles. */
export function cleanTitle(title: string): string {
  return (
    title
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The outline in reading order, level = depth (1 = top), capped at 6 as the truth's
 * levels are. An entry whose title `drop` matches is left out (bookmarks a producer adds
 * for a cover or title page, not headings); its children keep their own depth, since
 * depth in the outline is what the level means. Empty titles are left out too.
 */
export function flattenOutline(items: OutlineNode[], drop?: RegExp): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const walk = (nodes: OutlineNode[], depth: number) => {
    for (const node of nodes) {
      const text = cleanTitle(node.title);
      if (text && !drop?.test(text)) entries.push({ level: Math.min(depth, 6), text, dest: node.dest });
      walk(node.items ?? [], depth + 1);
    }
  };
  walk(items, 1);
  return entries;
}

/** The part of pdf.js's document proxy used to turn a destination into a page. */
interface PdfDoc {
  numPages: number;
  getOutline(): Promise<OutlineNode[] | null>;
  getDestination(name: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
  destroy(): Promise<void>;
}

async function pageOf(doc: PdfDoc, dest: OutlineEntry['dest']): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    const target = explicit?.[0];
    // An explicit destination names its page by reference, or (rarely) by 0-based index.
    if (typeof target === 'number') return target + 1;
    if (target && typeof target === 'object' && 'num' in target)
      return (await doc.getPageIndex(target as { num: number; gen: number })) + 1;
  } catch {
    // A broken destination leaves the page unknown; the heading itself still counts.
  }
  return undefined;
}

/** The outline of a PDF as headings, read with pdf.js. */
export async function outlineHeadings(file: string, drop?: RegExp): Promise<TruthHeading[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(readFileSync(file));
  const doc = (await pdfjs.getDocument({ data, verbosity: 0 }).promise) as unknown as PdfDoc;
  try {
    const entries = flattenOutline((await doc.getOutline()) ?? [], drop);
    const headings: TruthHeading[] = [];
    for (const entry of entries) {
      const page = await pageOf(doc, entry.dest);
      headings.push(
        page && page <= doc.numPages ? { level: entry.level, text: entry.text, page } : { level: entry.level, text: entry.text },
      );
    }
    return headings;
  } finally {
    await doc.destroy();
  }
}
