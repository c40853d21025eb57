import type { IntermediateDocument, Table, TableCell } from '../document';
import { render as renderHtmlFormat } from './html/html.format';
import { documentJson } from './json/json.format';
import { render as renderMarkdownFormat } from './markdown/markdown.format';
import { render as renderTextFormat } from './text/text.format';
import { renderOptions } from '../testing/render-options';

const ROWS = 100_000;
const COLUMNS = 10;

/** A CSV-like table: ids, amounts, words, a pipe now and then, empty cells. */
function bigTable(): Table {
  const cell = (row: number, column: number): TableCell => {
    if (column === 9 && row % 10 === 0) return [];
    const text = column === 0 ? String(row) : column === 5 && row % 97 === 0 ? 'a | b' : `r${row}c${column}`;
    return [{ type: 'text', text }];
  };
  const header = Array.from({ length: COLUMNS }, (_, c): TableCell => [{ type: 'text', text: `Column ${c + 1}` }]);
  const rows = Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLUMNS }, (_, c) => cell(r, c)));
  return { type: 'table', header, rows };
}

describe('a 100,000-row table', () => {
  const document: IntermediateDocument = {
    pages: 1,
    metadata: {},
    blocks: [{ type: 'heading', level: 2, content: [{ type: 'text', text: 'Data' }] }, bigTable()],
  };

  it('renders to markdown: a header, the divider and one line per row', () => {
    const markdown = renderMarkdownFormat(document, renderOptions());
    const lines = markdown.split('\n');
    expect(lines).toHaveLength(2 + 2 + ROWS + 1);
    expect(lines.slice(0, 5)).toEqual([
      '## Data',
      '',
      '| Column 1 | Column 2 | Column 3 | Column 4 | Column 5 | Column 6 | Column 7 | Column 8 | Column 9 | Column 10 |',
      `|${' --- |'.repeat(COLUMNS)}`,
      '| 0 | r0c1 | r0c2 | r0c3 | r0c4 | a \\| b | r0c6 | r0c7 | r0c8 |  |',
    ]);
    expect(lines[4 + ROWS - 1]).toBe(
      '| 99999 | r99999c1 | r99999c2 | r99999c3 | r99999c4 | r99999c5 | r99999c6 | r99999c7 | r99999c8 | r99999c9 |',
    );
    expect(markdown.endsWith('|\n')).toBe(true);
  });

  it('renders to text: one tab-separated line per row', () => {
    const text = renderTextFormat(document, renderOptions());
    const lines = text.split('\n');
    expect(lines).toHaveLength(2 + 1 + ROWS + 1);
    expect(lines[3]).toBe('0\tr0c1\tr0c2\tr0c3\tr0c4\ta | b\tr0c6\tr0c7\tr0c8\t');
  });

  it('renders with page markers too', () => {
    expect(
      renderMarkdownFormat(document, renderOptions({ pageMarkers: true })).startsWith('<!-- page 1 -->\n\n## Data\n\n| Column 1 |'),
    ).toBe(true);
  });

  it('renders to html: a header row of <th> and one <tr> per row', () => {
    const html = renderHtmlFormat(document);
    expect(html.split('<tr>')).toHaveLength(1 + 1 + ROWS);
    expect(html).toContain('<tr><td>99999</td><td>r99999c1</td>');
    expect(html).toContain('<td>a | b</td>');
  });

  it('renders to json: the header row flagged, then one row of cells per row', () => {
    const [table] = documentJson(document).blocks.slice(1);
    if (table.type !== 'table') throw new Error('expected the table');
    expect(table.rows).toHaveLength(1 + ROWS);
    expect(table.rows[0]).toMatchObject({ header: true, cells: [{ text: 'Column 1' }, {}, {}, {}, {}, {}, {}, {}, {}, {}] });
    expect(table.rows[ROWS].cells[9]).toEqual({ text: 'r99999c9' });
  });
});
