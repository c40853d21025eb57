import type { FormatName } from '@docformat/client';
import { basename, extname, join } from 'node:path';

/** File name endings per format; chunks are JSON too, but must not overwrite the json format's file. */
export const EXTENSIONS: Record<FormatName, string> = {
  text: 'txt',
  markdown: 'md',
  html: 'html',
  json: 'json',
  chunks: 'chunks.json',
};

/** What an input's outputs are named after: a file's name or a URL's last path segment (else its host), without the extension. */
export function stemOf(input: string): string {
  let name = input;
  if (/^https?:\/\//i.test(input)) {
    const url = new URL(input);
    const segment = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
    if (!segment) return url.hostname;
    name = segment;
  }
  const base = basename(name);
  return base.slice(0, base.length - extname(base).length) || base;
}

export function outputPath(outDir: string, input: string, format: FormatName): string {
  return join(outDir, `${stemOf(input)}.${EXTENSIONS[format]}`);
}

/** Text formats as they are; JSON formats (json, chunks) as indented JSON. Always ends with a newline. */
export function serializeOutput(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Two inputs whose outputs would overwrite each other (`a/report.pdf` and `b/report.docx`), if any. */
export function findNameClash(inputs: readonly string[]): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const input of inputs) {
    const stem = stemOf(input);
    const earlier = seen.get(stem);
    if (earlier !== undefined) return [earlier, input];
    seen.set(stem, input);
  }
  return undefined;
}
