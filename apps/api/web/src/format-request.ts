import type { OcrMode, OutputFormat } from './api-types.ts';

/** What the form holds when it is submitted. */
export interface FormValues {
  url: string;
  file: File | null;
  formats: readonly OutputFormat[];
  ocr: OcrMode;
  /** As typed: codes separated by commas, spaces or `+` ("eng, deu"). */
  languages: string;
  /** As typed: "1-3,7", or empty for every page. */
  pages: string;
  pageMarkers: boolean;
  /** format.images: placeholders (the default), signed links or data: URIs. */
  images: ImageMode;
}

export type ImageMode = 'placeholder' | 'referenced' | 'embedded';

/** The `format` object of POST /format (docs/api.md, "POST /format"). */
export interface FormatObject {
  type: OutputFormat[];
  ocr?: OcrMode;
  languages?: string[];
  pages?: string;
  pageMarkers?: true;
  images?: Exclude<ImageMode, 'placeholder'>;
}

export type Submission = { kind: 'url'; body: string } | { kind: 'file'; body: FormData };

export type Built = { ok: true; submission: Submission } | { ok: false; error: string };

/**
 * The format object, with only what differs from the API's defaults: the request reads
 * as the user chose it, and a default that changes on the server is not pinned here.
 * Values are checked by the API, whose 400 names the field; only what the page itself
 * must know to send anything is checked here.
 */
export function formatObject(values: FormValues): FormatObject {
  const format: FormatObject = { type: [...values.formats] };
  if (values.ocr !== 'auto') format.ocr = values.ocr;
  const languages = values.languages.split(/[\s,+]+/).filter((code) => code.length > 0);
  if (languages.length > 0 && !(languages.length === 1 && languages[0] === 'eng')) format.languages = languages;
  const pages = values.pages.replace(/\s+/g, '');
  if (pages.length > 0) format.pages = pages;
  if (values.pageMarkers) format.pageMarkers = true;
  if (values.images !== 'placeholder') format.images = values.images;
  return format;
}

/**
 * The request body: JSON `{file, format}` for a URL, or the multipart form of an upload
 * (docs/api.md, "Uploading a file": a `format` part holding the same object as JSON text,
 * then the `file` part). A chosen file wins over a typed URL.
 */
export function buildSubmission(values: FormValues): Built {
  if (values.formats.length === 0) return { ok: false, error: 'Pick at least one output format.' };
  const format = formatObject(values);
  if (values.file) {
    const form = new FormData();
    form.append('format', JSON.stringify(format));
    form.append('file', values.file, values.file.name);
    return { ok: true, submission: { kind: 'file', body: form } };
  }
  const url = values.url.trim();
  if (url.length === 0) return { ok: false, error: 'Paste a document URL, or drop or choose a file.' };
  if (!isHttpUrl(url)) return { ok: false, error: 'The URL must be an absolute http:// or https:// address.' };
  return { ok: true, submission: { kind: 'url', body: JSON.stringify({ file: url, format }) } };
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
