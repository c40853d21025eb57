import type Tesseract from 'tesseract.js';
import { OSD_ENGINE_KIND, enginePool, startOsdEngine, startTextEngine, textEngineKind } from './tesseract-workers';

/**
 * What page reading needs of Tesseract's block tree: paragraphs' direction, lines'
 * geometry, words with confidence and box. Symbols and choices are dropped where the
 * result is made, so that what crosses threads is a tenth of the full tree.
 */
export interface OcrBlock {
  paragraphs: Array<{
    is_ltr: boolean;
    lines: Array<{
      baseline: Tesseract.Baseline;
      bbox: Tesseract.Bbox;
      rowAttributes?: { rowHeight: number };
      words: Array<{ text: string; confidence: number; bbox: Tesseract.Bbox }>;
    }>;
  }>;
}

export interface OcrOrientation {
  /** Degrees the image must turn clockwise to be upright (0, 90, 180, 270), or null when unsure. */
  degrees: number | null;
  confidence: number;
  /** The script most of the text is in, as Tesseract names it (`Latin`, `Cyrillic`, `Han`, `Japanese`, `Arabic`…), or null. */
  script?: string | null;
}

/**
 * The two OCR operations, each on one engine for one call. In a worker process the
 * conversion threads reach the process's engines through a message port
 * (ocr-broker.ts); anywhere else (tests, benchmarks, scripts) they run in-process.
 */
export interface OcrEngines {
  recognize(image: Uint8Array, request: { languages: readonly string[]; dpi: number }, signal?: AbortSignal): Promise<OcrBlock[]>;
  detectOrientation(image: Uint8Array, request: { dpi: number }, signal?: AbortSignal): Promise<OcrOrientation>;
}

/** The process's own engines (tesseract-workers.ts), bounded by setMaxOcrEngines. */
export const localOcrEngines: OcrEngines = {
  recognize(image, { languages, dpi }, signal) {
    return enginePool().use(
      textEngineKind(languages),
      startTextEngine(languages),
      async (worker) => {
        // Per-job parameter: the real resolution, which Tesseract uses to judge sizes.
        const result = await worker.recognize(
          Buffer.from(image.buffer, image.byteOffset, image.byteLength),
          { user_defined_dpi: String(dpi) } as object,
          {
            text: false,
            blocks: true,
          },
        );
        return pruneBlocks(result.data.blocks);
      },
      signal,
    );
  },
  detectOrientation(image, { dpi }, signal) {
    return enginePool().use(
      OSD_ENGINE_KIND,
      startOsdEngine,
      async (detector) => {
        // PNGs made by canvas and many scans carry no resolution
        await detector.setParameters({ user_defined_dpi: String(dpi) });
        const { data } = await detector.detect(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
        return { degrees: data.orientation_degrees, confidence: data.orientation_confidence ?? 0, script: data.script ?? null };
      },
      signal,
    );
  },
};

export function pruneBlocks(blocks: Tesseract.Block[] | null): OcrBlock[] {
  return (blocks ?? []).map((block) => ({
    paragraphs: block.paragraphs.map((paragraph) => ({
      is_ltr: paragraph.is_ltr,
      lines: paragraph.lines.map((line) => ({
        baseline: line.baseline,
        bbox: line.bbox,
        ...(line.rowAttributes ? { rowAttributes: { rowHeight: line.rowAttributes.rowHeight } } : {}),
        words: line.words.map((word) => ({ text: word.text, confidence: word.confidence, bbox: word.bbox })),
      })),
    })),
  }));
}
