import type { ChunkingOptions } from './chunking-options';

/**
 * Conversion options a client sets inside the request's `format` object, beside
 * `type`. The API validates them; the worker hands them to the converters as they
 * were stored with the job.
 */
export const OcrMode = {
  /** OCR pages without a usable text layer, and images. */
  AUTO: 'auto',
  /** OCR every page, ignoring any text layer. */
  FORCE: 'force',
  /** Never OCR: text layers only; images give their metadata. */
  OFF: 'off',
} as const;
export type OcrMode = (typeof OcrMode)[keyof typeof OcrMode];

export const OCR_MODES: readonly OcrMode[] = Object.values(OcrMode);

/**
 * How markdown writes a table that a pipe table cannot hold (merged cells, several
 * header rows): `markdown` as a pipe table all the same (merged cells flattened, extra
 * header rows as body rows), `html` as an HTML <table> with rowspan/colspan inside the
 * markdown. A simple table is a pipe table either way.
 */
export const TableStyle = { MARKDOWN: 'markdown', HTML: 'html' } as const;
export type TableStyle = (typeof TableStyle)[keyof typeof TableStyle];
export const TABLE_STYLES: readonly TableStyle[] = Object.values(TableStyle);

/**
 * What outputs do with a document's pictures: `placeholder` writes its description
 * (`[Image: alt]`, as always); `referenced` links it (`![alt](URL)`, `<img src="URL">`),
 * the URL being GET /job/{id}/images/{n} signed to work without the bearer token for a
 * while; `embedded` writes it as a `data:` URI when it is within IMAGE_EMBED_MAX_BYTES,
 * else links it as `referenced` does. See docs/adr/0019-document-images.md.
 */
export const ImageMode = { PLACEHOLDER: 'placeholder', REFERENCED: 'referenced', EMBEDDED: 'embedded' } as const;
export type ImageMode = (typeof ImageMode)[keyof typeof ImageMode];
export const IMAGE_MODES: readonly ImageMode[] = Object.values(ImageMode);

/** `languages: ["auto"]`: OCR picks each page's language among the installed ones. */
export const OCR_LANGUAGES_AUTO = 'auto';

export interface FormatOptions {
  ocr?: OcrMode;
  /** Tesseract language codes (`eng`, `deu`, …), which must be installed; or `["auto"]` (OCR_LANGUAGES_AUTO). */
  languages?: string[];
  /** Page ranges to convert, such as `"1-3,7"`; absent means every page. */
  pages?: string;
  /** Mark where each page starts: `<!-- page N -->` in markdown, a form feed in text. */
  pageMarkers?: boolean;
  /** How markdown writes tables with merged cells or several header rows (TableStyle); `markdown` when absent. */
  tables?: TableStyle;
  /** What outputs do with pictures (ImageMode); `placeholder` when absent. */
  images?: ImageMode;
  /** How the `chunks` format cuts the document (see chunking-options.ts). */
  chunking?: ChunkingOptions;
  /** `false`: convert even when an earlier job of the client converted the same bytes the same way (the result cache). */
  cache?: boolean;
  /** `false`: a long PDF is converted on one worker, not cut into page ranges for several (the output is the same). */
  split?: boolean;
}

/** How one warning on a completed job reads in `result.warnings`. */
export interface JobWarning {
  code: JobWarningCode;
  message: string;
}

export const JobWarningCode = {
  /** Nothing readable was found, even after OCR. */
  NO_TEXT_FOUND: 'NO_TEXT_FOUND',
  /** Some pages were OCR'd with low confidence; their text may be unreliable. */
  LOW_OCR_CONFIDENCE: 'LOW_OCR_CONFIDENCE',
} as const;
export type JobWarningCode = (typeof JobWarningCode)[keyof typeof JobWarningCode];
