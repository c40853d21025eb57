import type Tesseract from 'tesseract.js';
import type { OcrBlock } from './ocr-engines';
import type { TextItem } from '../layout/page-text';

/**
 * Words below this confidence are dropped: on the phone-photo fixture the only words
 * under it were specks read as letters ("EL" at 2x), while real words scored 80+.
 */
const MIN_WORD_CONFIDENCE = 40;
/** Lines shorter than this (px) give no usable skew estimate. */
const MIN_SKEW_LINE = 100;
/** Below this angle a page counts as straight; lines this flat already group right. */
const MIN_SKEW_RADIANS = (0.1 * Math.PI) / 180;
/**
 * Em size over the line's row height (x-height + ascenders + descenders as Tesseract
 * measures them): 0.9 on the fixtures' Latin Modern text at 10 and 14.4 pt. Only the
 * ratio between lines matters to heading detection, but real points keep the
 * thresholds of the layout analysis (layout/) meaningful, as for a PDF's text.
 */
const EM_PER_ROW_HEIGHT = 1 / 0.9;

type OcrLine = OcrBlock['paragraphs'][number]['lines'][number];
type OcrWord = OcrLine['words'][number];

export interface PageWords {
  items: TextItem[];
  /** Mean confidence of the kept words, 0 when there are none. */
  confidence: number;
  /** Words a reader would accept: confident, with three letters or digits in a row. */
  goodWords: number;
}

/**
 * Tesseract's block tree → positioned words in points, as a PDF text layer gives
 * them, for the shared layout analysis. A page photographed a degree or two askew
 * has sloping baselines; words are turned back by the page's median line slope so
 * that one line has one baseline and columns stay vertical.
 */
export function pageWords(blocks: readonly OcrBlock[], size: { width: number; height: number }, pointsPerPixel: number): PageWords {
  const lines = blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => ({ line, rtl: !paragraph.is_ltr }))),
  );
  const skew = medianSkew(lines.map(({ line }) => line.baseline));
  const turn = straighten(skew, size.width / 2, size.height / 2);
  const items: TextItem[] = [];
  let confidenceSum = 0;
  let goodWords = 0;
  for (const { line, rtl } of lines) {
    const em = lineEm(line) * pointsPerPixel;
    for (const [index, word] of line.words.entries()) {
      const bullet = index === 0 && line.words.length > 1 && isBulletGlyph(word, em / pointsPerPixel);
      const text = bullet ? '•' : word.text.trim();
      if (text === '' || (!bullet && word.confidence < MIN_WORD_CONFIDENCE)) continue;
      const baseline = baselineAt(line.baseline, word.bbox.x0, word.bbox.y1);
      const [left, y] = turn(word.bbox.x0, baseline);
      const [right] = turn(word.bbox.x1, baseline);
      items.push({
        text,
        x: left * pointsPerPixel,
        y: y * pointsPerPixel,
        width: Math.max(0, right - left) * pointsPerPixel,
        size: em,
        bold: false, // the LSTM engine does not report font style
        italic: false,
        mono: false,
        rtl,
      });
      confidenceSum += word.confidence;
      if (word.confidence >= 60 && /[\p{L}\p{N}]{3}/u.test(text)) goodWords++;
    }
  }
  return { items, confidence: items.length ? confidenceSum / items.length : 0, goodWords };
}

/**
 * A list bullet is a dot Tesseract has no good letter for: on the fixtures it read
 * "•" as "+", "«" at confidence 18–42. A narrow lone symbol opening a line is taken
 * for a bullet, so that the layout analysis sees a list marker.
 */
function isBulletGlyph(word: OcrWord, emPixels: number): boolean {
  const text = word.text.trim();
  return [...text].length === 1 && !/[\p{L}\p{N}]/u.test(text) && word.bbox.x1 - word.bbox.x0 <= emPixels * 0.6;
}

function lineEm(line: OcrLine): number {
  const row = line.rowAttributes?.rowHeight;
  return (row && row > 0 ? row : line.bbox.y1 - line.bbox.y0) * EM_PER_ROW_HEIGHT;
}

/** The line's baseline height under x (it may slope); the word's bottom when there is none. */
function baselineAt(baseline: Tesseract.Baseline | undefined, x: number, fallback: number): number {
  if (!baseline || baseline.x1 === baseline.x0) return baseline?.y0 ?? fallback;
  return baseline.y0 + ((baseline.y1 - baseline.y0) * (x - baseline.x0)) / (baseline.x1 - baseline.x0);
}

function medianSkew(baselines: Array<Tesseract.Baseline | undefined>): number {
  const angles = baselines
    .filter((b): b is Tesseract.Baseline => !!b && b.x1 - b.x0 >= MIN_SKEW_LINE)
    .map((b) => Math.atan2(b.y1 - b.y0, b.x1 - b.x0))
    .sort((a, b) => a - b);
  if (angles.length === 0) return 0;
  const median = angles[Math.floor(angles.length / 2)];
  return Math.abs(median) < MIN_SKEW_RADIANS ? 0 : median;
}

/** Rotation by -angle around the page centre (y grows downwards). */
function straighten(angle: number, cx: number, cy: number): (x: number, y: number) => [number, number] {
  if (angle === 0) return (x, y) => [x, y];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return (x, y) => [cx + (x - cx) * cos + (y - cy) * sin, cy - (x - cx) * sin + (y - cy) * cos];
}
