import {
  type ChunkingSettings,
  chunkingSettings,
  type FormatOptions,
  ImageMode,
  OcrMode,
  type PageRanges,
  parsePageRanges,
  TableStyle,
} from '@docformat/contracts';
import type { OcrEngines } from './ocr/ocr-engines';
import { DEFAULT_MAX_IMAGE_PIXELS } from './ocr/pixel-budget';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './images/image-limits';

/** The client's format options with defaults filled in, as readers and formats see them. */
export interface ConversionOptions {
  ocr: OcrMode;
  /** Tesseract language codes, validated against the installed data by the API. */
  languages: readonly string[];
  /** Pages to read; undefined means every page. */
  pages?: PageRanges;
  pageMarkers: boolean;
  /** How markdown writes tables with merged cells or several header rows. */
  tables: TableStyle;
  /** How the chunks format cuts the document. */
  chunking: ChunkingSettings;
  /** What outputs do with pictures (format.images). */
  images: ImageMode;
  /**
   * Whether readers give pictures' bytes (Image.bytes), and PDFs their image objects as
   * image blocks: when the outputs link or embed pictures, or an extraction lists them.
   * Off, readers read as they always have, so placeholder outputs stay as they were.
   */
  readImages: boolean;
  /** What the conversion keeps of the pictures it reads (keep-images.ts). */
  imageLimits: ImageLimits;
  /** How many pages one conversion may have read by OCR at once (OCR_THREADS). */
  ocrParallelism: number;
  /** The engines that read them: the worker process's shared ones, else this process's own. */
  ocrEngines?: OcrEngines;
  /** Most pixels of one image decoded or drawn (MAX_IMAGE_PIXELS; see pixel-budget.ts). */
  maxImagePixels: number;
  /**
   * Whether the structure a file declares apart from its drawing (a PDF's tag tree and
   * outline) sets its headings. Always, in the service; the third-party benchmark turns
   * it off to score what the layout alone reads.
   */
  declaredStructure: boolean;
  /** Told how many pages the conversion reads, and each page as it is read (the job's progress). */
  progress?: PageProgress;
}

/** Where a conversion reports its pages: a job shows them as `progress`. Calls must be cheap and never throw. */
export interface PageProgress {
  /** The pages the conversion reads (its selection), once known. */
  planned(pages: number): void;
  /** `pages` more of them are read. */
  read(pages: number): void;
}

/** What the caller provides besides the client's options: OCR resources and the image budget. */
export interface ConversionResources {
  ocrParallelism?: number;
  ocrEngines?: OcrEngines;
  maxImagePixels?: number;
  /** Read pictures whatever format.images says (an extraction lists them); see ConversionOptions.readImages. */
  readImages?: boolean;
  /** DEFAULT_IMAGE_LIMITS when absent. */
  imageLimits?: ImageLimits;
  /** See ConversionOptions.declaredStructure; true when absent. */
  declaredStructure?: boolean;
  progress?: PageProgress;
}

export const DEFAULT_OCR_LANGUAGES: readonly string[] = ['eng'];

/**
 * Fills in defaults. A malformed page range here is a programming error (the API
 * validated it), so it throws a plain Error rather than failing the job.
 */
export function conversionOptions(options: FormatOptions = {}, resources: ConversionResources = {}): ConversionOptions {
  let pages: PageRanges | undefined;
  if (options.pages !== undefined) {
    const parsed = parsePageRanges(options.pages);
    if (typeof parsed === 'string') throw new Error(`format.pages ${parsed}`);
    pages = parsed;
  }
  return {
    ocr: options.ocr ?? OcrMode.AUTO,
    languages: options.languages && options.languages.length > 0 ? [...new Set(options.languages)] : DEFAULT_OCR_LANGUAGES,
    ...(pages ? { pages } : {}),
    pageMarkers: options.pageMarkers ?? false,
    tables: options.tables ?? TableStyle.MARKDOWN,
    chunking: chunkingSettings(options.chunking),
    images: options.images ?? ImageMode.PLACEHOLDER,
    readImages: resources.readImages === true || (options.images ?? ImageMode.PLACEHOLDER) !== ImageMode.PLACEHOLDER,
    imageLimits: resources.imageLimits ?? DEFAULT_IMAGE_LIMITS,
    ocrParallelism: Math.max(1, Math.floor(resources.ocrParallelism ?? 1)),
    ...(resources.ocrEngines ? { ocrEngines: resources.ocrEngines } : {}),
    maxImagePixels: resources.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    declaredStructure: resources.declaredStructure ?? true,
    ...(resources.progress ? { progress: resources.progress } : {}),
  };
}

/** What a reader gets when the caller set nothing: conversionOptions' defaults, not a second copy of them. */
export const DEFAULT_CONVERSION_OPTIONS: ConversionOptions = conversionOptions();
