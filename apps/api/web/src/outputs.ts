import type { OutputFormat } from './api-types.ts';

/** Raw views show at most this many characters; a download always has everything. */
export const DISPLAY_LIMIT = 200_000;

const FILES: Record<OutputFormat, { extension: string; mediaType: string }> = {
  text: { extension: 'txt', mediaType: 'text/plain;charset=utf-8' },
  markdown: { extension: 'md', mediaType: 'text/markdown;charset=utf-8' },
  html: { extension: 'html', mediaType: 'text/html;charset=utf-8' },
  json: { extension: 'json', mediaType: 'application/json;charset=utf-8' },
  chunks: { extension: 'chunks.json', mediaType: 'application/json;charset=utf-8' },
};

export interface OutputFile {
  name: string;
  mediaType: string;
  text: string;
}

export function isOutputFormat(name: string): name is OutputFormat {
  return Object.hasOwn(FILES, name);
}

/** An output as text: strings as they are, the JSON formats (values in the record) pretty-printed. */
export function outputText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * "report.pdf" or "https://example.com/docs/report.pdf?x=1" → "report": the name a
 * download is saved under, without the source's extension, path or query, and without
 * characters file systems refuse.
 */
export function baseName(fileName: string): string {
  // A document URL (an uploaded file's name may hold a colon too, so only http and https).
  let name = fileName;
  if (/^https?:\/\//i.test(fileName)) {
    try {
      name = decodeURIComponent(new URL(fileName).pathname);
    } catch {
      // Broken percent-encoding: the name as it is.
    }
  }
  const last =
    name
      .split(/[/\\]/)
      .filter((part) => part.length > 0)
      .pop() ?? '';
  const stem = last.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const safe = stem.replace(/[\u0000-\u001f<>:"|?*]+/g, '_').trim();
  return safe.length > 0 ? safe : 'document';
}

/** What the Download button of one output saves. */
export function outputFile(format: OutputFormat, value: unknown, sourceName: string): OutputFile {
  const { extension, mediaType } = FILES[format];
  return { name: `${baseName(sourceName)}.${extension}`, mediaType, text: outputText(value) };
}

/** At most DISPLAY_LIMIT characters, and whether anything was left out. */
export function forDisplay(text: string): { text: string; cut: boolean } {
  return text.length > DISPLAY_LIMIT ? { text: text.slice(0, DISPLAY_LIMIT), cut: true } : { text, cut: false };
}

/** "12.3 KB": the size a user sees beside each output. */
export function sizeLabel(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
