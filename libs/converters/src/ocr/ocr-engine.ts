import type { TextItem } from '../layout/page-text';
import { pageWords } from './page-words';
import { JobFailure } from '@docformat/contracts';
import { MAX_OCR_DPI, type Rotation, cropImages, imageDimensions, transformImage } from './rotate-image';
import { rereadTurnedRegions } from './turned-regions';
import type { OcrBlock } from './ocr-engines';
import { type OcrEngines, localOcrEngines } from './ocr-engines';
import { terminateWorkers } from './tesseract-workers';
import { firstPassLanguage, isAutoLanguages, pickPageLanguage } from './auto-language';

/*
 * Measured on this machine (2 cores, tesseract.js 7, relaxed-SIMD core), word F1
 * against the source text, one worker:
 *
 *   model           dpi  psm  threshold   report  table  photo   dense letter page
 *   4.0.0_best_int  150   3   Sauvola     1.000   1.000  1.000   1.000  2.1 s
 *   4.0.0_best_int  200   3   Otsu        0.985   1.000  0.533   1.000  2.4 s
 *   4.0.0_best_int  200   3   Sauvola     1.000   1.000  1.000   1.000  2.4 s
 *   4.0.0_best_int  300   3   Sauvola     0.985   1.000  1.000   1.000  2.7 s
 *   4.0.0_best_int  300   4   Sauvola     0.985   1.000  1.000   1.000  4.6 s
 *   4.0.0           200   3   Sauvola     1.000   1.000  1.000   1.000  2.4 s
 *   4.0.0           300   3   Sauvola     0.985   1.000  1.000   1.000  2.8 s
 *
 * (small fixture pages 0.1–0.35 s each). So: best_int (same accuracy, 3 MB instead of
 * 11 MB, faster start), automatic segmentation, Sauvola; images are read at their own
 * resolution up to 300 dpi (decode-image.ts scales larger ones down: above that only
 * time grows), never scaled up (small type loses more to resampling than it gains).
 * OSD costs 0.05–0.25 s on the small pages, up to ~0.8 s on a dense one.
 *
 * End to end through recognizePage (OSD + recognition, warm worker), the dense letter
 * page: 2.7 s at 200 dpi, 3.5 s at 300 dpi, F1 1.000, confidence 96; four such pages
 * 13.7 s with parallelism 1, 8.7 s with 2 (2 cores).
 */

export interface OcrPageResult {
  /** Points, of the upright page. */
  width: number;
  height: number;
  /** Words, baseline y, size estimated from the line height. */
  items: TextItem[];
  /** Mean word confidence, 0-100. */
  confidence: number;
  /** How far the image was turned clockwise to read it upright. */
  rotation: Rotation;
}

export interface OcrOptions {
  languages: readonly string[];
  /** 72 / the image's dpi. */
  pointsPerPixel: number;
  /** Where the engines run: the worker's shared ones (ocr-broker.ts), else this process's. */
  engines?: OcrEngines;
}

/**
 * OSD is trusted without a second look from this confidence on: Tesseract's own
 * min_orientation_margin. Below it OSD was still right on every fixture (down to 3.5
 * on a table and a photo, where it also said null), so its answer is read first and only
 * a page that then reads badly is tried the other three ways round.
 */
const OSD_RELIABLE = 7;
/** A reading counts as upright: measured 93–95 right way up, 17–61 otherwise; a noisy upright page under it only costs an OSD pass. */
const UPRIGHT_CONFIDENCE = 80;

type Reading = ReturnType<typeof pageWords> & {
  rotation: Rotation;
  width: number;
  height: number;
  /** What Tesseract found, and the upright image it read (for regions read again, turned-regions.ts). */
  blocks: OcrBlock[];
  upright: Buffer;
};

/**
 * Below this many pixels across or down, an image holds no legible word (a tracking
 * pixel, an icon); Leptonica's thresholding also rejects it with a message on stderr.
 */
const MIN_OCR_PIXELS = 16;

export async function recognizePage(image: Buffer, options: OcrOptions): Promise<OcrPageResult> {
  const size = knownDimensions(image);
  if (size && (size.width < MIN_OCR_PIXELS || size.height < MIN_OCR_PIXELS)) {
    return {
      width: size.width * options.pointsPerPixel,
      height: size.height * options.pointsPerPixel,
      items: [],
      confidence: 0,
      rotation: 0,
    };
  }
  const engines = options.engines ?? localOcrEngines;
  if (isAutoLanguages(options.languages)) return recognizeInItsLanguage(engines, image, options);
  return pageResult(await recognizeUpright(engines, image, options));
}

/**
 * `languages: ["auto"]`: the page is read with the first-pass language (English), and
 * read again with the installed language its words are in, or, when that reading is
 * mostly fragments, the installed language of the script orientation detection names
 * (Han, Japanese, Arabic…): see auto-language.ts. The second reading wins unless
 * Tesseract is less sure of it. Each page decides for itself, so a page reads the same
 * whichever part of a document it is converted with.
 */
async function recognizeInItsLanguage(engines: OcrEngines, image: Buffer, options: OcrOptions): Promise<OcrPageResult> {
  const first = firstPassLanguage();
  const reading = await recognizeUpright(engines, image, { ...options, languages: [first] });
  if (looksBlank(reading.best)) return pageResult(reading);
  // A page in another script reads as low-confidence fragments, which pageWords drops: ask for its script.
  const osd = reading.osd ?? (mostlyUnread(reading.best.blocks) ? await detectWith(engines, image, options.pointsPerPixel) : undefined);
  const words = reading.best.items.map((item) => item.text);
  const language = await pickPageLanguage(words, osd?.script, first);
  if (!language) return pageResult(reading);
  const again = await recognizeUpright(engines, image, { ...options, languages: [language] }, osd);
  return pageResult(again.best.confidence >= reading.best.confidence ? again : reading);
}

/** The pixel size from the header, or undefined when image-size cannot tell (Tesseract then decides). */
function knownDimensions(image: Buffer): { width: number; height: number } | undefined {
  try {
    const size = imageDimensions(image);
    return size.width > 0 && size.height > 0 ? size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page image, optionally with its own scale (TIFF frames may differ) and another way
 * to get the page when Tesseract cannot read this one (a PDF scan taken as stored,
 * whose bytes may be damaged where pdf.js would still draw what is left of them).
 */
export type OcrPageImage = Buffer | { image: Buffer; pointsPerPixel: number; fallback?: () => Promise<OcrPageImage> };

/**
 * Pages in order, up to `parallelism` at once, each on its own Tesseract worker
 * thread. `images` are thunks so that only as many decoded pages as are being read
 * are held in memory. `options.pointsPerPixel` applies to images given as plain Buffers.
 */
export async function recognizePages(
  images: Array<() => Promise<OcrPageImage>>,
  options: OcrOptions & { parallelism: number },
): Promise<OcrPageResult[]> {
  const results: OcrPageResult[] = new Array(images.length);
  let next = 0;
  const lane = async () => {
    while (next < images.length) {
      const index = next++;
      results[index] = await recognizeImage(await images[index](), options);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.parallelism, images.length)) }, lane));
  return results;
}

async function recognizeImage(page: OcrPageImage, options: OcrOptions): Promise<OcrPageResult> {
  if (Buffer.isBuffer(page)) return recognizePage(page, options);
  try {
    return await recognizePage(page.image, { ...options, pointsPerPixel: page.pointsPerPixel });
  } catch (error) {
    if (!page.fallback || !(error instanceof JobFailure) || error.code !== 'CORRUPT_DOCUMENT') throw error;
    return recognizeImage(await page.fallback(), options);
  }
}

/** Ends every OCR worker thread (tests, shutdown). */
export function terminateOcr(): Promise<void> {
  return terminateWorkers();
}

/**
 * Each engine call below takes an engine for that call only (text reading and
 * orientation detection are different engines): holding one while waiting for the
 * other could deadlock two conversions sharing a bounded pool.
 */
async function recognizeUpright(engines: OcrEngines, image: Buffer, options: OcrOptions, knownOsd?: Osd): Promise<UprightReading> {
  const scale = Math.min(1, (MAX_OCR_DPI * options.pointsPerPixel) / 72);
  const pointsPerPixel = options.pointsPerPixel / scale;
  const readAt = (rotation: Rotation) => read(engines, image, options.languages, rotation, scale, pointsPerPixel);
  const detectOrientation = () => detectWith(engines, image, options.pointsPerPixel);
  // Most pages are upright: read them as they are and ask OSD (up to ~0.8 s on a dense
  // page) only when that reading looks wrong. A sideways or upside-down page reads at
  // confidence 17-45, an upright one at 93-95 (measured on the fixtures).
  // A scaled image goes through canvas, which must only see bytes Tesseract has already
  // decoded (see rotate-image.ts): then OSD, which decodes them, runs first.
  let osd = knownOsd ?? (scale < 1 ? await detectOrientation() : undefined);
  let best = await readAt(osd?.rotation ?? 0);
  if (!looksUpright(best) && !looksBlank(best)) {
    osd ??= await detectOrientation();
    if (osd.rotation !== best.rotation) {
      const turned = await readAt(osd.rotation);
      if (score(turned) > score(best)) best = turned;
    }
    if (osd.confidence < OSD_RELIABLE && !looksUpright(best)) {
      const tried = new Set([0, osd.rotation]);
      for (const rotation of ([90, 180, 270] as const).filter((r) => !tried.has(r))) {
        const reading = await readAt(rotation);
        if (score(reading) > score(best)) best = reading;
        if (looksUpright(best)) break;
      }
    }
  }
  if (!looksBlank(best)) {
    // Regions of the page that read another way round than the rest (half a page pasted upside down).
    const upright = best;
    const cut = (boxes: Parameters<typeof cropImages>[1]) => cropImages(upright.upright, boxes);
    const regions = await rereadTurnedRegions(upright.blocks, upright, pointsPerPixel, cut, async (region, rotation) => {
      const turned = await transformImage(region, rotation);
      const blocks = await engines
        .recognize(turned, { languages: options.languages, dpi: Math.round(72 / pointsPerPixel) })
        .catch((error: unknown) => {
          throw damagedImage(error);
        });
      return pageWords(blocks, measured(turned), pointsPerPixel);
    });
    if (regions) best = { ...best, ...regions };
  }
  return { best, pointsPerPixel, ...(osd ? { osd } : {}) };
}

/**
 * Most of what a first reading found are fragments too unsure to keep: so it goes with
 * a page in a script the first-pass language does not have. Measured with English on
 * the fixtures: 0-6 % of the words under 40 on Latin pages (scans, photo, turned page),
 * 53-72 % on Chinese, Japanese and Arabic ones.
 */
function mostlyUnread(blocks: readonly OcrBlock[]): boolean {
  const words = blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)));
  return words.filter((word) => word.confidence < UNREAD_CONFIDENCE).length > words.length * UNREAD_SHARE;
}

const UNREAD_CONFIDENCE = 40;
const UNREAD_SHARE = 0.25;

/** A page's best reading, at the points per pixel it was read at, and what orientation detection said of it, when asked. */
interface UprightReading {
  best: Reading;
  pointsPerPixel: number;
  osd?: Osd;
}

type Osd = { rotation: Rotation; confidence: number; script?: string | null };

function pageResult({ best, pointsPerPixel }: UprightReading): OcrPageResult {
  const { items, confidence, rotation, width, height } = best;
  return { width: width * pointsPerPixel, height: height * pointsPerPixel, items, confidence, rotation };
}

async function detectWith(engines: OcrEngines, image: Buffer, pointsPerPixel: number): Promise<Osd> {
  try {
    const { degrees, confidence, script } = await engines.detectOrientation(image, { dpi: Math.round(72 / pointsPerPixel) });
    return { rotation: toRotation(degrees), confidence, script };
  } catch (error) {
    throw damagedImage(error);
  }
}

async function read(
  engines: OcrEngines,
  image: Buffer,
  languages: readonly string[],
  rotation: Rotation,
  scale: number,
  pointsPerPixel: number,
): Promise<Reading> {
  const upright = await transformImage(image, rotation, scale);
  const size = measured(upright);
  const blocks = await engines.recognize(upright, { languages, dpi: Math.round(72 / pointsPerPixel) }).catch((error: unknown) => {
    throw damagedImage(error);
  });
  return { ...pageWords(blocks, size, pointsPerPixel), rotation, ...size, blocks, upright };
}

/** Leptonica could not decode the bytes: the image is damaged, which is the client's document, not our bug. */
function damagedImage(error: unknown): unknown {
  if (!/read image/i.test(String(error))) return error;
  return corruptImage(error);
}

function corruptImage(error: unknown): JobFailure {
  return new JobFailure('CORRUPT_DOCUMENT', 'The image is damaged or not in the format it claims to be.', false, { cause: error });
}

/** The image's size from its header; a header image-size cannot read is a damaged image too. */
function measured(image: Buffer): { width: number; height: number } {
  try {
    return imageDimensions(image);
  } catch (error) {
    throw corruptImage(error);
  }
}

/**
 * Not one word, not even a wrong one: a blank or noise-only page (a scanned back side).
 * A page of text turned sideways still reads as words, at confidence 17-45 (the
 * rotated fixtures), so turning a page that gave none finds nothing either; it cost
 * an orientation pass and three more readings of the noise, on two kinds of engine.
 */
function looksBlank(reading: Reading): boolean {
  return reading.items.length === 0;
}

function looksUpright(reading: Reading): boolean {
  return reading.confidence >= UPRIGHT_CONFIDENCE && reading.goodWords > 0 && !readAsVerticalText(reading.items);
}

/**
 * Tesseract reads a page turned by 90° as vertical text lines, often with high
 * confidence and the right words, but in the turned frame: a four-letter word then
 * measures less than its own type size across (14 pt wide for "Sideways" at 14 pt,
 * against 68 pt for "Quarterly" upright). Most longer words so narrow means sideways.
 */
function readAsVerticalText(items: readonly TextItem[]): boolean {
  const long = items.filter((item) => [...item.text].length >= 4);
  if (long.length === 0) return false;
  return long.filter((item) => item.width < item.size * 1.2).length > long.length / 2;
}

/** A sideways reading can have every word right; it still loses to any upright one. */
function score(reading: Reading): number {
  return readAsVerticalText(reading.items) ? 0 : reading.goodWords * 100 + reading.confidence;
}

function toRotation(degrees: number | null): Rotation {
  return degrees === 90 || degrees === 180 || degrees === 270 ? degrees : 0;
}
