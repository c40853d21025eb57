import { readPythonTables } from './python-literals';
import { applyFix, rowWidths, truthTable } from './table-cells';
import { parseCsv, tabulaJsonRows, type TabulaJsonCell } from './tabula-formats';

describe("camelot's expected-data.py", () => {
  it('reads lists of rows with implicit string concatenation, escapes and comments, the last binding winning', () => {
    const tables = readPythonTables(
      [
        '# noqa',
        'data_a = [["old"]]',
        'data_a = [',
        '    ["Table: 5  Outlay"',
        '     " (Rs.)", "C\\nlass", \'30" ROW\'],  # a comment',
        '    ["\\u2014", "\\xa0x", ""],',
        ']',
      ].join('\n'),
    );
    expect(tables.get('data_a')).toEqual([
      ['Table: 5  Outlay (Rs.)', 'C\nlass', '30" ROW'],
      ['\u2014', '\u00a0x', ''],
    ]);
  });

  it('evaluates slices, list() copies and extend() as Python does', () => {
    const tables = readPythonTables(
      [
        'data_s = [["t"], ["h"], ["1"], ["2"], ["f"]]',
        'data_n = data_s[1:-1]',
        'data_e = data_s[:-3]',
        'data_c = list(data_s)',
        'data_c.extend(data_e)',
      ].join('\n'),
    );
    expect(tables.get('data_n')).toEqual([['h'], ['1'], ['2']]);
    expect(tables.get('data_e')).toEqual([['t'], ['h']]);
    expect(tables.get('data_c')).toEqual([['t'], ['h'], ['1'], ['2'], ['f'], ['t'], ['h']]);
    // list() copied: extending the copy left the original alone.
    expect(tables.get('data_s')).toHaveLength(5);
  });

  it('refuses Python it does not understand instead of guessing', () => {
    expect(() => readPythonTables('data_a = data_b[1:]')).toThrow(/before it is bound/);
    expect(() => readPythonTables('data_a = [["a" + "b"]]')).toThrow(/unexpected character/);
    expect(() => readPythonTables('data_a = [[1]]')).toThrow(/string literal/);
  });
});

describe("tabula's CSV", () => {
  it('keeps quoted commas, doubled quotes, line breaks inside cells and empty cells', () => {
    expect(parseCsv('"",a,"b, c"\r\n"x\ry","say ""hi""",\n')).toEqual([
      ['', 'a', 'b, c'],
      ['x\ry', 'say "hi"', ''],
    ]);
  });
});

describe("tabula's lattice JSON", () => {
  const cell = (left: number, top: number, width: number, height: number, text: string): TabulaJsonCell => ({
    left,
    top,
    width,
    height,
    text,
  });
  const placeholder = cell(0, 0, 0, 0, '');

  it('turns cell rectangles into spans, wherever the writer put the placeholders in a row', () => {
    // twotables.json's second table: the first row lists its real cells first and pads with placeholders.
    const rows = tabulaJsonRows({
      extraction_method: 'lattice',
      page_number: 1,
      data: [
        [cell(0, 0, 10, 20, ''), cell(10, 0, 20, 10, 'group'), cell(30, 0, 10, 20, 'tall'), placeholder, placeholder],
        [placeholder, cell(10, 10, 10, 10, 'a'), cell(20, 10, 10, 10, 'b'), placeholder],
        [cell(0, 20, 10, 10, 'r'), cell(10, 20, 10, 10, '1'), cell(20, 20, 10, 10, '2'), cell(30, 20, 10, 10, '3')],
      ],
    });
    expect(rows).toEqual([
      [
        { text: '', rowSpan: 2 },
        { text: 'group', colSpan: 2 },
        { text: 'tall', rowSpan: 2 },
      ],
      [{ text: 'a' }, { text: 'b' }],
      [{ text: 'r' }, { text: '1' }, { text: '2' }, { text: '3' }],
    ]);
    expect(rowWidths(rows)).toEqual([4, 4, 4]);
  });

  it('keeps a grid position no cell covers as an empty cell', () => {
    const rows = tabulaJsonRows({
      extraction_method: 'lattice',
      page_number: 1,
      data: [
        [placeholder, cell(2, 0, 10, 10, 'Name')],
        [cell(0, 10, 2, 10, ''), cell(2, 10, 10, 10, 'Ann')],
      ],
    });
    expect(rows).toEqual([
      [{ text: '' }, { text: 'Name' }],
      [{ text: '' }, { text: 'Ann' }],
    ]);
  });
});

describe('truth tables from expectations', () => {
  it('merges a column a tool split in three, and refuses when a row has text in two of them', () => {
    const rows = [
      [{ text: '1' }, { text: '' }, { text: 'label' }, { text: '' }],
      [{ text: '2' }, { text: 'other' }, { text: '' }, { text: '' }],
    ];
    expect(applyFix(rows, { kind: 'mergeColumns', first: 1, last: 3 })).toEqual([
      [{ text: '1' }, { text: 'label' }],
      [{ text: '2' }, { text: 'other' }],
    ]);
    expect(() => applyFix([[{ text: 'a' }, { text: 'b' }]], { kind: 'mergeColumns', first: 0, last: 1 })).toThrow(/more than one/);
  });

  it('collapses white space after the fixes, and places partial rows', () => {
    const table = truthTable(
      {
        page: 2,
        expect: { from: 'test', rows: [] },
        fixes: [{ kind: 'replace', pattern: /^([A-Z])\n(?=[a-z])/, replacement: '$1' }],
        partial: { firstRow: 1, columnCount: 2 },
      },
      [[{ text: 'C\nlass A' }, { text: ' 5,111\u00a0372\n' }]],
    );
    expect(table).toEqual({
      page: 2,
      rows: [[{ text: 'Class A' }, { text: '5,111 372' }]],
      // A test's literal rows are a flat grid: it writes no spans.
      flatSpans: 'blank',
      partial: true,
      rowIndices: [1],
      columnCount: 2,
    });
  });

  it("keeps the spans of tabula's JSON, where cell rectangles give them, and takes camelot's copy_text as copied down", () => {
    const json = truthTable({ page: 1, expect: { from: 'tabula-json', file: 'x.json', index: 0 } }, [
      [{ text: 'a', colSpan: 2 }],
      [{ text: 'b' }, { text: 'c' }],
    ]);
    expect(json.flatSpans).toBeUndefined();
    const copied = truthTable({ page: 1, expect: { from: 'camelot', name: 'x' }, flatSpans: 'copied-down' }, [
      [{ text: 'a' }],
      [{ text: 'a' }],
    ]);
    expect(copied.flatSpans).toBe('copied-down');
  });

  it('rejects a full table whose rows fill different numbers of columns', () => {
    expect(() => truthTable({ page: 1, expect: { from: 'test', rows: [] } }, [[{ text: 'a' }, { text: 'b' }], [{ text: 'c' }]])).toThrow(
      /different numbers of columns/,
    );
  });
});
