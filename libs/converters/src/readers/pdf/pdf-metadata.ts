import type { DocumentMetadata } from '@docformat/contracts';

/** The PDF Info dictionary as pdf.js returns it (values are untyped strings in practice). */
export type PdfInfo = Record<string, unknown>;

export function pdfMetadata(info: PdfInfo): DocumentMetadata {
  const metadata: DocumentMetadata = {
    title: text(info['Title']),
    author: text(info['Author']),
    subject: text(info['Subject']),
    keywords: text(info['Keywords']),
    language: text(info['Language']),
    producer: text(info['Producer']),
    createdAt: pdfDate(info['CreationDate']),
    modifiedAt: pdfDate(info['ModDate']),
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? undefined : trimmed;
}

const PDF_DATE = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/;

/**
 * `D:20240131120000+01'00'` → `2024-01-31T11:00:00.000Z`. PDF dates omit trailing
 * fields freely and writers get the offset syntax wrong often; an unreadable date is
 * dropped rather than guessed.
 */
export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = PDF_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offsetHours = '00', offsetMinutes = '00'] =
    match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign === '+' || sign === '-' ? (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '+' ? 1 : -1) : 0;
  const date = new Date(utc - offset * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
