import { flattenSpans } from './flat-spans';

describe('flattenSpans', () => {
  // A spans two rows, B two columns: A | B B / A | C D.
  const table = {
    rows: [
      [
        { text: 'A', rowSpan: 2 },
        { text: 'B', colSpan: 2 },
      ],
      [{ text: 'C' }, { text: 'D' }],
    ],
  };

  it('writes a spanning cell once, in its top-left slot, the slots it covers empty', () => {
    expect(flattenSpans(table, 'blank').rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['A', 'B', ''],
      ['', 'C', 'D'],
    ]);
  });

  it('or repeats it down the rows it spans, as camelot’s copy_text "v" does', () => {
    expect(flattenSpans(table, 'copied-down').rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['A', 'B', ''],
      ['A', 'C', 'D'],
    ]);
  });
});
