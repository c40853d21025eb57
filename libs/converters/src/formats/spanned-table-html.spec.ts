import type { Table, TableCell } from '../document';
import { renderMarkdown } from './markdown/render-markdown';
import { hasSpansOrHeaderRows, spannedTableHtml } from './spanned-table-html';

const cell = (text: string): TableCell => (text ? [{ type: 'text', text }] : []);
const row = (...texts: string[]) => texts.map(cell);
const plain = (content: TableCell) => content.map((node) => (node.type === 'text' ? node.text : '')).join('');

/** Two header rows: a column group over its columns, as statistical tables have. */
const grouped: Table = {
  type: 'table',
  header: row('Region', 'Population', ''),
  rows: [row('', '2020', '2024'), row('North', '10', '12'), row('South', '7', '8')],
  headerRows: 2,
  spans: [
    { row: 0, column: 0, rowSpan: 2, colSpan: 1 },
    { row: 0, column: 1, rowSpan: 1, colSpan: 2 },
  ],
};

describe('tables with merged cells or several header rows', () => {
  it('writes every header row in the <thead>, each merged cell once, the covered ones left out', () => {
    expect(spannedTableHtml(grouped, plain)).toBe(
      [
        '<table>',
        '<thead>',
        '<tr><th scope="col" rowspan="2">Region</th><th scope="col" colspan="2">Population</th></tr>',
        '<tr><th scope="col">2020</th><th scope="col">2024</th></tr>',
        '</thead>',
        '<tbody>',
        '<tr><td>North</td><td>10</td><td>12</td></tr>',
        '<tr><td>South</td><td>7</td><td>8</td></tr>',
        '</tbody>',
        '</table>',
      ].join('\n'),
    );
  });

  it('keeps a span inside the table when it claims more rows than there are', () => {
    const tall: Table = { type: 'table', rows: [row('a', 'b'), row('', 'c')], spans: [{ row: 0, column: 0, rowSpan: 9, colSpan: 1 }] };
    expect(spannedTableHtml(tall, plain)).toContain('<td rowspan="2">a</td>');
  });

  it('in markdown: as HTML only when asked and only where a pipe table cannot hold it', () => {
    const simple: Table = { type: 'table', header: row('a', 'b'), rows: [row('1', '2')] };
    expect(hasSpansOrHeaderRows(simple)).toBe(false);
    expect(renderMarkdown([simple], { tables: 'html' })).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n');
    expect(renderMarkdown([grouped], { tables: 'html' })).toMatch(/^<table>\n<thead>/);
    // The default: a pipe table all the same, the second header row a body row.
    expect(renderMarkdown([grouped])).toBe(
      '| Region | Population |  |\n| --- | --- | --- |\n|  | 2020 | 2024 |\n| North | 10 | 12 |\n| South | 7 | 8 |\n',
    );
  });
});
