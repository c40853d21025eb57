import { execFileSync } from 'node:child_process';

/**
 * What poppler-utils (Debian's pdfinfo and pdftotext, not docformat's own reader) says
 * about a PDF: its producer, and each page's text for placing a table on a page.
 */

function pdfinfo(file: string): Map<string, string> {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const fields = new Map<string, string>();
  for (const line of out.split('\n')) {
    const match = /^([A-Za-z ]+):\s*(.*)$/.exec(line);
    if (match) fields.set(match[1], match[2].trim());
  }
  return fields;
}

/** Producer, with the Creator in brackets when it adds something (`pdfTeX-1.40.24 (LaTeX with hyperref)`). */
export function producerOf(file: string): string | undefined {
  const info = pdfinfo(file);
  const producer = info.get('Producer') ?? '';
  const creator = info.get('Creator') ?? '';
  if (!producer) return creator || undefined;
  return creator && creator !== producer ? `${producer} (${creator})` : producer;
}

export function pageCount(file: string): number {
  return Number(pdfinfo(file).get('Pages') ?? 0);
}

/** Every page's text, pdftotext's reading (raw order, no layout), index 0 = page 1. */
export function pageTexts(file: string): string[] {
  const out = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  // pdftotext ends each page with a form feed, the last one included.
  const pages = out.split('\f');
  if (pages.length > 1 && pages[pages.length - 1].trim() === '') pages.pop();
  return pages;
}

/** Letters and digits only, lower-cased: what survives any extractor's spacing, hyphens and ligatures. */
export function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
