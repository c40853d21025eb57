import type { Metric } from './manifest';
import { type Row, renderMarkdownTable, renderTextTable, rowCells } from './report';

const ALL = new Set<Metric>(['text', 'headings', 'lists', 'tables']);

function row(overrides: Partial<Row>): Row {
  return { type: 'docx', tool: 'docformat', docs: 2, converted: 2, failures: new Map(), applicable: ALL, ...overrides };
}

describe('rowCells', () => {
  it('prints pooled scores with three decimals and n/a where nothing applies', () => {
    const cells = rowCells(
      row({
        counts: { text: { matched: 9, predicted: 10, expected: 10 }, headings: { found: 1, total: 2 }, tables: { found: 3, total: 3 } },
      }),
    );
    expect(cells).toEqual(['docx', 'docformat', '2/2', '0.900', '0.500', 'n/a', '1.000', '']);
  });

  it('prints the failure in every applicable metric cell when no document converted', () => {
    const cells = rowCells(
      row({ type: 'pptx', converted: 0, failures: new Map([['unsupported', 2]]), applicable: new Set<Metric>(['text', 'lists']) }),
    );
    expect(cells).toEqual(['pptx', 'docformat', '0/2', 'unsupported', 'n/a', 'unsupported', 'n/a', '2× unsupported']);
  });

  it('prints a tool status (not installed, no reader) instead of scores', () => {
    expect(rowCells(row({ tool: 'pandoc', status: 'not installed', converted: 0 })).slice(2, 7)).toEqual([
      '2',
      'not installed',
      'not installed',
      'not installed',
      'not installed',
    ]);
  });

  it('scores partial failures as empty output and notes them', () => {
    const cells = rowCells(
      row({ converted: 1, failures: new Map([['CORRUPT_DOCUMENT', 1]]), counts: { text: { matched: 5, predicted: 5, expected: 10 } } }),
    );
    expect(cells[3]).toBe('0.667');
    expect(cells[7]).toBe('1× CORRUPT_DOCUMENT');
  });
});

describe('tables', () => {
  const rows = [
    row({ counts: { text: { matched: 1, predicted: 1, expected: 1 } } }),
    row({ type: 'pdf', tool: 'pdftotext 22', status: 'a|b' }),
  ];

  it('renders a markdown table with escaped pipes', () => {
    const markdown = renderMarkdownTable(rows).split('\n');
    expect(markdown[0]).toBe('| Input type | Tool | Docs | Text F1 | Heading recall | List-item recall | Table-cell recall | Notes |');
    expect(markdown[1]).toBe('|---|---|---:|---:|---:|---:|---:|---|');
    expect(markdown[3]).toContain('a\\|b');
  });

  it('renders an aligned text table with a blank line between input types', () => {
    const lines = renderTextTable(rows).split('\n');
    expect(lines[0].startsWith('Input type  Tool')).toBe(true);
    expect(lines[3]).toBe('');
  });
});
