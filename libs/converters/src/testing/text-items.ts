import type { TextItem } from '../layout/page-text';
import type { TextLine } from '../layout/text-lines';

/** A synthetic positioned text item: 10 pt regular, 5 pt per character. */
export function textItem(text: string, x: number, y: number, extra: Partial<TextItem> = {}): TextItem {
  return { text, x, y, width: text.length * 5, size: 10, bold: false, italic: false, mono: false, rtl: false, ...extra };
}

/** A synthetic line: 12pt body text unless told otherwise, on a 800pt page. */
export function textLine(text: string, y: number, extra: Partial<TextLine> = {}): TextLine {
  const style = { bold: extra.bold ?? false, italic: false, mono: extra.mono ?? false };
  return {
    page: 1,
    pageHeight: 800,
    text,
    runs: [{ text, ...style }],
    x: 50,
    right: 50 + text.length * 6,
    y,
    size: 12,
    rtl: false,
    segments: [],
    column: -1,
    ...style,
    ...extra,
  };
}
