import type { TextItem } from '../../layout/page-text';

/** The part of pdf.js's widget annotation data read here. */
interface Widget {
  subtype?: unknown;
  fieldType?: unknown;
  fieldValue?: unknown;
  rect?: unknown;
  checkBox?: unknown;
  radioButton?: unknown;
  exportValue?: unknown;
  buttonValue?: unknown;
  hidden?: unknown;
}

interface Viewport {
  convertToViewportRectangle(rect: number[]): number[];
}

/** A field holds at most this much of its value in the output: a hostile form cannot make one item of megabytes. */
const MAX_VALUE_CHARS = 10_000;

/**
 * The values filled into a page's AcroForm fields, as text items where the fields sit:
 * a viewer draws them from the widget annotations' appearances, which the text reading
 * leaves out (as pdf.js's text content does), so a filled form read as a page would
 * lose every answer. Text fields give their text (one item per line of a multi-line
 * field), choice fields their selected options, check boxes and radio buttons `[x]` or
 * `[ ]` as the DOCX reader writes a checkbox. Push buttons and empty fields give none.
 * Values are set in the page's body size (`bodySize`): form tools fit the type to the
 * field, and a tall field's answer is an answer, not a heading.
 */
export function formValueItems(annotations: readonly unknown[], viewport: Viewport, bodySize: number): TextItem[] {
  const items: TextItem[] = [];
  for (const annotation of annotations as Widget[]) {
    if (annotation.subtype !== 'Widget' || annotation.hidden === true || !isRect(annotation.rect)) continue;
    const value = shownValue(annotation);
    if (value === undefined) continue;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(annotation.rect);
    const left = Math.min(x1, x2);
    const top = Math.min(y1, y2);
    const height = Math.abs(y2 - y1);
    const lines = value
      .slice(0, MAX_VALUE_CHARS)
      .split(/\r\n|\r|\n/)
      .filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const size = bodySize;
    lines.forEach((line, index) => {
      const text = line.trim();
      items.push({
        text,
        x: left + 2,
        // Baselines from the field's top, one line apart (a one-line field: near its bottom).
        y: lines.length === 1 ? top + height - Math.max(1, (height - size) / 2) - size * 0.2 : top + size * (index + 1) * 1.15,
        width: text.length * size * 0.5,
        size,
        bold: false,
        italic: false,
        mono: false,
        rtl: false,
      });
    });
  }
  return items;
}

function shownValue(widget: Widget): string | undefined {
  const { fieldType, fieldValue } = widget;
  if (fieldType === 'Tx') return typeof fieldValue === 'string' && fieldValue.trim() !== '' ? fieldValue : undefined;
  if (fieldType === 'Ch') {
    const chosen = (Array.isArray(fieldValue) ? fieldValue : [fieldValue]).filter(
      (option): option is string => typeof option === 'string' && option !== '',
    );
    return chosen.length > 0 ? chosen.join(', ') : undefined;
  }
  if (fieldType === 'Btn' && (widget.checkBox === true || widget.radioButton === true)) {
    const on = widget.checkBox === true ? widget.exportValue : widget.buttonValue;
    return fieldValue !== undefined && fieldValue !== null && fieldValue === on ? '[x]' : '[ ]';
  }
  return undefined;
}

function isRect(rect: unknown): rect is number[] {
  return Array.isArray(rect) && rect.length === 4 && rect.every((value) => typeof value === 'number' && Number.isFinite(value));
}
