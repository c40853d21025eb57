import type { HeadingLevel } from '../../document';
import type { PdfLine } from './pdf-lines';

/** Document-wide typography, measured once so every decision is relative to it. */
export interface LayoutMetrics {
  /** The size most text is set in. */
  bodySize: number;
  /** Larger sizes, largest first, mapped to heading levels. */
  headingLevels: Map<number, HeadingLevel>;
  /** Level for short, bold, body-size lines that stand alone. */
  boldHeadingLevel: HeadingLevel;
  /** Usual baseline-to-baseline distance inside a paragraph (the lower median: paragraph gaps are the minority). */
  lineSpacing: number;
  /** Per page: the right edge of the text column, to tell full lines from short ones. */
  columnRight: Map<number, number>;
}

/** Deeper levels are not told apart reliably by size alone. */
const MAX_SIZE_LEVEL = 4;
/** Lines longer than this are body text in a larger size, not headings. */
export const MAX_HEADING_LENGTH = 150;

export function measureLayout(lines: PdfLine[]): LayoutMetrics {
  const prose = lines.filter((line) => !line.mono);
  const bodySize = mode(prose.map((line) => [line.size, line.text.length])) ?? 10;
  const largerSizes = [...new Set(prose.filter((line) => line.size >= bodySize * 1.1 && line.text.length <= MAX_HEADING_LENGTH).map((line) => line.size))]
    .sort((a, b) => b - a);
  const headingLevels = new Map(largerSizes.map((size, index) => [size, Math.min(index + 1, MAX_SIZE_LEVEL) as HeadingLevel]));
  const boldHeadingLevel = Math.min(Math.max(largerSizes.length + 1, 2), MAX_SIZE_LEVEL) as HeadingLevel;

  const spacings: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    const delta = b.y - a.y;
    if (a.page === b.page && a.size === bodySize && b.size === bodySize && delta > 0 && delta < bodySize * 3) {
      spacings.push(delta);
    }
  }
  const lineSpacing = median(spacings) ?? bodySize * 1.2;

  const columnRight = new Map<number, number>();
  for (const line of prose) {
    if (line.size === bodySize) columnRight.set(line.page, Math.max(columnRight.get(line.page) ?? 0, line.right));
  }
  return { bodySize, headingLevels, boldHeadingLevel, lineSpacing, columnRight };
}

/** The value with the largest total weight. */
function mode(weighted: Array<[number, number]>): number | undefined {
  const totals = new Map<number, number>();
  for (const [value, weight] of weighted) totals.set(value, (totals.get(value) ?? 0) + weight);
  return [...totals.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
}
