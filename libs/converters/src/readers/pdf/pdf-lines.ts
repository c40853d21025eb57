import type { PdfPageText, PdfTextItem } from './pdf-page-text';

/** A run of text in one style; lines and paragraphs are sequences of runs. */
export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

/** One visual line of a page, with the layout facts paragraph building needs. */
export interface PdfLine {
  page: number;
  pageHeight: number;
  text: string;
  runs: TextRun[];
  /** Left edge of the first visible glyph, and right edge of the last. */
  x: number;
  right: number;
  /** Baseline from the top of the page. */
  y: number;
  /** The font size most of the line's characters are set in. */
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

/**
 * Groups a page's text items into lines. Items are taken in content-stream order,
 * which is reading order for almost every producer (columns come one after the
 * other); a line ends when the baseline moves by more than half a font size or the
 * text jumps back to the left.
 */
export function pageLines(page: PdfPageText): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfTextItem[] = [];
  for (const item of page.items) {
    const last = current[current.length - 1];
    const sameLine = last && Math.abs(item.y - last.y) <= 0.5 * Math.min(item.size, last.size) && item.x >= last.x - last.size;
    if (last && !sameLine) {
      pushLine(lines, current, page);
      current = [];
    }
    current.push(item);
  }
  pushLine(lines, current, page);
  return lines;
}

function pushLine(lines: PdfLine[], items: PdfTextItem[], page: PdfPageText): void {
  const visible = items.filter((item) => item.text.trim() !== '');
  if (visible.length === 0) return;
  const runs = lineRuns(items);
  const text = runs.map((run) => run.text).join('');
  const weight = (item: PdfTextItem) => item.text.replace(/\s/g, '').length;
  const total = visible.reduce((sum, item) => sum + weight(item), 0);
  const share = (test: (item: PdfTextItem) => boolean) => visible.filter(test).reduce((sum, item) => sum + weight(item), 0) / total;
  lines.push({
    page: page.page,
    pageHeight: page.height,
    text,
    runs,
    x: visible[0].x,
    right: Math.max(...visible.map((item) => item.x + item.width)),
    y: visible[0].y,
    size: dominantSize(visible, weight),
    bold: share((item) => item.bold) > 0.5,
    italic: share((item) => item.italic) > 0.5,
    mono: share((item) => item.mono) > 0.5,
  });
}

/** Joins items into styled runs, adding a space where the gap between items shows one. */
function lineRuns(items: PdfTextItem[]): TextRun[] {
  const runs: TextRun[] = [];
  let end: number | undefined;
  for (const item of items) {
    const previous = runs[runs.length - 1];
    const gap = end === undefined ? 0 : item.x - end;
    const needsSpace = previous !== undefined && gap > 0.15 * item.size && !/\s$/.test(previous.text) && !/^\s/.test(item.text);
    const text = (needsSpace ? ' ' : '') + item.text;
    if (previous && previous.bold === item.bold && previous.italic === item.italic && previous.mono === item.mono) {
      previous.text += text;
    } else if (previous && text.trim() === '') {
      // Spaces take the style of the text before them: no empty styled runs.
      previous.text += text;
    } else {
      runs.push({ text, bold: item.bold, italic: item.italic, mono: item.mono });
    }
    end = item.x + item.width;
  }
  return trimRuns(runs.map((run) => (run.mono ? run : { ...run, text: run.text.replace(/\s+/g, ' ') })));
}

function trimRuns(runs: TextRun[]): TextRun[] {
  if (runs.length === 0) return runs;
  runs[0] = { ...runs[0], text: runs[0].text.trimStart() };
  const last = runs.length - 1;
  runs[last] = { ...runs[last], text: runs[last].text.trimEnd() };
  return runs.filter((run) => run.text !== '');
}

function dominantSize(items: PdfTextItem[], weight: (item: PdfTextItem) => number): number {
  const bySize = new Map<number, number>();
  for (const item of items) {
    const size = roundSize(item.size);
    bySize.set(size, (bySize.get(size) ?? 0) + weight(item));
  }
  return [...bySize.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/** Sizes within a quarter point are the same size (producers jitter). */
export function roundSize(size: number): number {
  return Math.round(size * 4) / 4;
}
