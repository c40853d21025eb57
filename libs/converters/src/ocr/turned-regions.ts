import type { OcrBlock } from './ocr-engines';
import { type PageWords, pageWords } from './page-words';
import type { PixelBox, Rotation } from './rotate-image';

/** Cuts the boxes out of the page image (one decoding of it), each as an image of its own. */
export type CutRegions = (boxes: readonly PixelBox[]) => Promise<Buffer[]>;
/** Reads a cut-out region turned clockwise by `rotation`: its words in points, in its own frame. */
export type ReadRegion = (region: Buffer, rotation: Rotation) => Promise<PageWords>;

/**
 * A block read at a mean word confidence under this is suspect: on the third-party
 * scan whose lower half is upside down, those blocks read at 3–50 and the upright ones
 * at 88–96.
 */
const SUSPECT_CONFIDENCE = 60;
/** A block needs this many words to be worth reading again (a stray mark is not). */
const MIN_SUSPECT_WORDS = 4;
/** Suspect blocks this close (share of the page height) are one region turned together. */
const REGION_GAP = 0.03;
/** Regions read again per page at most: each costs up to three more readings. */
const MAX_REGIONS = 4;
/** A region's new reading must be at least this confident to replace the old one. */
const REGION_READS_UPRIGHT = 75;
/** The turns tried, the likeliest first: a half page upside down is the common case. */
const TURNS: readonly Rotation[] = [180, 90, 270];
/**
 * Pages larger than this (pixels) are not looked into: the page image is decoded once
 * more to cut the regions out (4 bytes a pixel, outside the heap), which near the pixel
 * budget (MAX_IMAGE_PIXELS, 40 M) would be 160 MB on top of the page's own reading. A
 * letter page at 300 dpi is 8.4 M.
 */
const MAX_PAGE_PIXELS = 16_000_000;

/**
 * Regions of a page that read another way round than the rest (a form stapled in
 * upside down, a sideways table, half a page pasted turned): runs of suspect blocks
 * (few words read with confidence) on a page whose other blocks read well. The page's
 * own turn was decided already (OSD, then the best of the four readings); this looks
 * inside it. Returns each region's box (pixels of the upright page) and its blocks.
 */
export function suspectRegions(blocks: readonly OcrBlock[], pageHeight: number): Array<{ box: PixelBox; blocks: OcrBlock[] }> {
  const measured = blocks.map((block) => ({ block, ...measure(block) })).filter((entry) => entry.words > 0);
  const suspects = measured.filter((entry) => entry.words >= MIN_SUSPECT_WORDS && entry.confidence < SUSPECT_CONFIDENCE);
  // A page that reads badly throughout is a page-level matter (or a poor scan), not a region's.
  if (suspects.length === 0 || !measured.some((entry) => entry.confidence >= SUSPECT_CONFIDENCE && entry.words >= MIN_SUSPECT_WORDS))
    return [];
  const regions: Array<{ box: PixelBox; blocks: OcrBlock[]; words: number }> = [];
  for (const entry of [...suspects].sort((a, b) => a.box.y0 - b.box.y0)) {
    const last = regions[regions.length - 1];
    if (last && entry.box.y0 <= last.box.y1 + pageHeight * REGION_GAP) {
      last.box = union(last.box, entry.box);
      last.blocks.push(entry.block);
      last.words += entry.words;
    } else regions.push({ box: { ...entry.box }, blocks: [entry.block], words: entry.words });
  }
  return regions
    .sort((a, b) => b.words - a.words)
    .slice(0, MAX_REGIONS)
    .map(({ box, blocks: inRegion }) => ({ box, blocks: inRegion }));
}

/**
 * The page's words with each suspect region read again turned (cut out of the page by
 * `cut`, then read turned clockwise by 180, 90 or 270 degrees by `read`), where a turn
 * reads it well and better than before: its words then stand in the region's place,
 * in the region's reading order. Returns undefined when no region changed.
 */
export async function rereadTurnedRegions(
  blocks: readonly OcrBlock[],
  size: { width: number; height: number },
  pointsPerPixel: number,
  cut: CutRegions,
  read: ReadRegion,
): Promise<PageWords | undefined> {
  if (size.width * size.height > MAX_PAGE_PIXELS) return undefined;
  const regions = suspectRegions(blocks, size.height);
  if (regions.length === 0) return undefined;
  const images = await cut(regions.map((region) => region.box));
  const replaced = new Set<OcrBlock>();
  const added: PageWords[] = [];
  for (const [index, region] of regions.entries()) {
    const before = pageWords(region.blocks, size, pointsPerPixel);
    for (const rotation of TURNS) {
      const turned = await read(images[index], rotation);
      if (turned.confidence < REGION_READS_UPRIGHT || turned.goodWords <= before.goodWords) continue;
      for (const block of region.blocks) replaced.add(block);
      const [dx, dy] = [region.box.x0 * pointsPerPixel, region.box.y0 * pointsPerPixel];
      added.push({ ...turned, items: turned.items.map((item) => ({ ...item, x: item.x + dx, y: item.y + dy })) });
      break;
    }
  }
  if (added.length === 0) return undefined;
  const kept = pageWords(
    blocks.filter((block) => !replaced.has(block)),
    size,
    pointsPerPixel,
  );
  const all = [kept, ...added];
  const count = all.reduce((n, words) => n + words.items.length, 0);
  return {
    items: all.flatMap((words) => words.items),
    confidence: count === 0 ? 0 : all.reduce((sum, words) => sum + words.confidence * words.items.length, 0) / count,
    goodWords: all.reduce((n, words) => n + words.goodWords, 0),
  };
}

function measure(block: OcrBlock): { words: number; confidence: number; box: PixelBox } {
  const lines = block.paragraphs.flatMap((paragraph) => paragraph.lines);
  const words = lines.flatMap((line) => line.words);
  const box = lines.reduce<PixelBox | undefined>((acc, line) => (acc ? union(acc, line.bbox) : { ...line.bbox }), undefined) ?? {
    x0: 0,
    y0: 0,
    x1: 0,
    y1: 0,
  };
  const confidence = words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
  return { words: words.length, confidence, box };
}

function union(a: PixelBox, b: PixelBox): PixelBox {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}
