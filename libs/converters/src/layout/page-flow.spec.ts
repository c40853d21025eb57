import { inlineText } from '../document';
import { textItem } from '../testing/text-items';
import { pageFlow } from './page-flow';
import type { TextLine } from './text-lines';
import type { PageText, TextItem } from './page-text';
import { isTable } from './tables/page-table';

const item = textItem;
const page = (items: TextItem[]): PageText => ({ page: 1, width: 600, height: 800, items, rules: [] });
const lineTexts = (items: TextItem[]) => pageFlow(page(items)).map((element) => (isTable(element) ? 'TABLE' : (element as TextLine).text));

describe('pageFlow', () => {
  it('reads columns emitted line by line across the page column by column', () => {
    const items: TextItem[] = [item('A full width title that spans both columns of this page', 50, 40)];
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

  it("reads a run of rows whose figures fill their columns (no wide gap) between a spreadsheet's wider-gapped rows", () => {
    // Right-aligned figures in columns ending 26 pt apart: three-digit figures leave less than a segment gap, one-digit ones more.
    const row = (figure: string, y: number) => [80, 106, 132].map((end) => item(figure, end - figure.length * 5, y));
    const figures = ['6', '4.8', '5.7', '7.4', '5', '4.9', '5.8', '3', '6'];
    const items = figures.flatMap((figure, k) => row(figure, 100 + k * 14));
    const flow = pageFlow(page(items));
    expect(flow).toHaveLength(1);
    const [table] = flow;
    if (!isTable(table)) throw new Error('expected a table');
    expect(table.table.rows.map((cells) => cells.map(inlineText))).toEqual(figures.map((figure) => [figure, figure, figure]));
  });

  it("joins a row's wrapped lines, first cell included, where rows are padded a little further apart than the lines of a cell", () => {
    // A printed HTML table: 13.5 points between a cell's lines, 16.5 between rows (cell padding).
    const cells: Array<[string, string, number]> = [
      ['Question', 'Answer', 100],
      ['Allow LDAP admin account to behave like a local', 'Yes. This allows using the usual passwd command', 116.5],
      ['root?', 'for changing passwords stored in the LDAP', 130],
      ['', 'database.', 143.5],
      ['Does the LDAP database require logging in?', 'no', 160],
      ['LDAP account for root:', 'cn=admin,dc=falcot,dc=com', 176.5],
      ['Local encryption algorithm:', 'crypt', 193],
    ];
    const items = cells.flatMap(([question, answer, y]) => [...(question ? [item(question, 48, y)] : []), item(answer, 303, y)]);
    const [table] = pageFlow(page(items));
    if (!isTable(table)) throw new Error('expected a table');
    const rows = [...(table.table.header ? [table.table.header] : []), ...table.table.rows].map((row) => row.map(inlineText));
    expect(rows).toEqual([
      ['Question', 'Answer'],
      [
        'Allow LDAP admin account to behave like a local root?',
        'Yes. This allows using the usual passwd command for changing passwords stored in the LDAP database.',
      ],
      ['Does the LDAP database require logging in?', 'no'],
      ['LDAP account for root:', 'cn=admin,dc=falcot,dc=com'],
      ['Local encryption algorithm:', 'crypt'],
    ]);
  });

  it("joins two blocks of a sheet's columns parted by blank rows, the narrower block's cells under the wider's columns", () => {
    // Two columns, then four blank rows, then the same columns with a note column further right.
    const row = (a: string, b: string, y: number) => [item(a, 50, y), item(b, 200, y)];
    const first = ['0.00', '0.000', '#,##0', 'yy/mm/dd'].flatMap((format, k) => row(format, '12', 100 + k * 14));
    const second = ['Black', 'Blue', 'Cyan'].flatMap((colour, k) => row(colour, '1', 212 + k * 14));
    const note = item('All eight named colours', 300, 212);
    const flow = pageFlow(page([...first, ...second, note]));
    expect(flow).toHaveLength(1);
    const [table] = flow;
    if (!isTable(table)) throw new Error('expected a table');
    const rows = [...(table.table.header ? [table.table.header] : []), ...table.table.rows].map((cells) => cells.map(inlineText));
    expect(rows).toEqual([
      ['0.00', '12', ''],
      ['0.000', '12', ''],
      ['#,##0', '12', ''],
      ['yy/mm/dd', '12', ''],
      ['Black', '1', 'All eight named colours'],
      ['Blue', '1', ''],
      ['Cyan', '1', ''],
    ]);
  });

  it('keeps a row under an empty first cell apart where its words would have fitted on the line above (a sheet, evenly spaced)', () => {
    // Rows 14 points apart, one blank row; the name column is empty in most rows.
    const rows: Array<[string, string, string, number]> = [
      ['', '#NAME?', 'Use constant name', 100],
      ['AREA_A3', '#NAME?', 'Use area name', 114],
      ['', '#NAME?', 'Use local name from other sheet', 142],
      ['LOCAL_A6', '#NAME?', 'Use local name', 156],
      ['', '#NAME?', 'Use local name with explicit sheet', 170],
      ['', '0', "Use of this sheet's local name from other sheet", 184],
    ];
    const items = rows.flatMap(([name, value, use, y]) => [...(name ? [item(name, 50, y)] : []), item(value, 120, y), item(use, 200, y)]);
    const [table] = pageFlow(page(items));
    if (!isTable(table)) throw new Error('expected a table');
    const texts = [...(table.table.header ? [table.table.header] : []), ...table.table.rows].map((cells) => cells.map(inlineText));
    expect(texts).toEqual(rows.map(([name, value, use]) => [name, value, use]));
  });

  it("takes a key–value table's first row whose value, the longest, runs past the rest and sits under a word and a half from its label", () => {
    // 12 pt: "Description:" ends 15 points before the values (less than a segment gap); every other row's gap is wide.
    // The syntax and default are code (monospaced), as on Apache's pages.
    const big = (text: string, x: number, y: number, mono = false) => textItem(text, x, y, { size: 12, width: text.length * 5, mono });
    const rows: Array<[string, string]> = [
      ['Description:', 'Enables logging of the RFC 1413 identity of the remote user'],
      ['Syntax:', 'IdentityCheck On|Off'],
      ['Default:', 'IdentityCheck Off'],
      ['Context:', 'server config, virtual host'],
      ['Status:', 'Extension'],
    ];
    const items = rows.flatMap(([key, value], k) => [big(key, 50, 100 + k * 14), big(value, 125, 100 + k * 14, k === 1 || k === 2)]);
    const flow = pageFlow(page(items));
    expect(flow).toHaveLength(1);
    const [table] = flow;
    if (!isTable(table)) throw new Error('expected a table');
    const texts = [...(table.table.header ? [table.table.header] : []), ...table.table.rows].map((cells) => cells.map(inlineText));
    expect(texts).toEqual(rows);
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
