import { normalizePdfText } from './normalize-text';
import { textItem } from '../../testing/pdf-text-items';
import { pageFlow } from './page-flow';
import { applyLinks } from './page-links';
import type { PdfLine } from './pdf-lines';
import type { PdfPageText, PdfTextItem } from './pdf-text-item';
import { isTable } from './pdf-table';

const item = textItem;
const page = (items: PdfTextItem[]): PdfPageText => ({ page: 1, width: 600, height: 800, items, rules: [] });
const lineTexts = (items: PdfTextItem[]) =>
  pageFlow(page(items)).map((element) => (isTable(element) ? 'TABLE' : (element as PdfLine).text));

describe('normalizePdfText', () => {
  it('decomposes ligatures and presentation forms only, drops invisible characters', () => {
    expect(normalizePdfText('\ufb01le \ufb02ow o\ufb03ce')).toBe('file flow office');
    expect(normalizePdfText('10\u00a0MB zero\u200bwidth\u2060 \ufeff')).toBe('10 MB zerowidth ');
    expect(normalizePdfText('soft\u00adhyphen, end\u00ad')).toBe('softhyphen, end\u00ad');
    expect(normalizePdfText('“quoted” x² ½ ™')).toBe('“quoted” x² ½ ™');
  });
});

describe('pageFlow', () => {
  it('reads columns emitted line by line across the page column by column', () => {
    const items: PdfTextItem[] = [item('A full width title that spans both columns of this page', 50, 40)];
    for (let i = 0; i < 8; i++) {
      const y = 80 + i * 12;
      items.push(item(`left column line number ${i} text`, 50, y), item(`right column line number ${i} text`, 300, y));
    }
    items.push(item('A full width closing line below both columns of the page', 50, 200));
    const texts = lineTexts(items);
    expect(texts[0]).toMatch(/^A full width title/);
    expect(texts.slice(1, 9).every((text) => text.startsWith('left'))).toBe(true);
    expect(texts.slice(9, 17).every((text) => text.startsWith('right'))).toBe(true);
    expect(texts[17]).toMatch(/^A full width closing/);
  });

  it('does not take a borderless table for two columns, and reads it as a table', () => {
    const rows = [
      ['Name', 'Value'],
      ['alpha', '1'],
      ['beta', '22'],
      ['gamma', '333'],
    ];
    const items = rows.flatMap(([a, b], i) => [item(a, 50, 100 + i * 14), item(b, 200, 100 + i * 14)]);
    expect(lineTexts(items)).toEqual(['TABLE']);
  });

  it('keeps list items (marker, gap, text) out of tables', () => {
    const items = ['one', 'two', 'three'].flatMap((text, i) => [item('•', 50, 100 + i * 14), item(`item ${text}`, 75, 100 + i * 14)]);
    expect(lineTexts(items)).toEqual(['• item one', '• item two', '• item three']);
  });

  it('orders right-to-left lines given in visual order, keeping embedded left-to-right runs', () => {
    // Visual order, left to right: "עולם" "2024" "שלום" (logical: שלום 2024 עולם).
    const items = [item('עולם', 100, 100, { rtl: true }), item('2024', 130, 100), item('שלום', 160, 100, { rtl: true })];
    expect(lineTexts(items)).toEqual(['שלום 2024 עולם']);
  });

  it('orders glyphs drawn later (fallback fonts) by position', () => {
    expect(lineTexts([item('o', 50, 100), item('ce', 70, 100), item('ffi', 55, 100)])).toEqual(['office']);
  });
});

describe('applyLinks', () => {
  it('splits an item at the link area, snapped to word boundaries', () => {
    const [before, link, after] = applyLinks(
      [item('see the spec here', 0, 100)],
      [{ href: 'https://x.test', left: 38, right: 62, top: 90, bottom: 102 }],
    );
    expect([before.text, link.text, link.href, after.text]).toEqual(['see the ', 'spec', 'https://x.test', ' here']);
  });
});
