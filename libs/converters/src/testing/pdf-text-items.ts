import type { PdfTextItem } from '../readers/pdf/pdf-text-item';

/** A synthetic positioned text item: 10 pt regular, 5 pt per character. */
export function textItem(text: string, x: number, y: number, extra: Partial<PdfTextItem> = {}): PdfTextItem {
  return { text, x, y, width: text.length * 5, size: 10, bold: false, italic: false, mono: false, rtl: false, ...extra };
}
