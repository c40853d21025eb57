import { placeTables, tableKey } from './place-tables';

const rows = (...texts: string[][]) => texts.map((r) => r.map((text) => ({ text })));

describe('placing a source table on the page of the exported PDF', () => {
  it('keys a table on its first non-empty cells, squashed, until there is enough text to be specific', () => {
    expect(tableKey(rows(['', 'No.'], ['1', 'Apples and pears'], ['2', 'Plums']))).toEqual(['no', '1', 'applesandpears', '2', 'plums']);
    expect(tableKey(rows(['', ''], [' ']))).toEqual([]);
  });

  it('cuts a long cell to its start, which is on the first page even when the cell runs on', () => {
    expect(tableKey(rows(['A very long explanation that goes on and on over the page break']))).toEqual(['averylongexplanationthat']);
  });

  it('finds each table on the first page holding its key, never before the previous table', () => {
    const pages = ['Intro. Name Value\nalpha 1', 'More text\nName Value alpha 1', 'Other table:\nCode\nPrice\nX1\n9.50'];
    const first = rows(['Name', 'Value'], ['alpha', '1']);
    const again = rows(['Name', 'Value'], ['alpha', '1']);
    const third = rows(['Code', 'Price'], ['X1', '9.50']);
    // The same table again: page 1 shows it once, so the second copy is the one on page 2.
    expect(placeTables([first, again, third], pages)).toEqual([1, 2, 3]);
    // A table listed after one on page 3 is not looked for on pages 1–2.
    expect(placeTables([third, first], pages)).toEqual([3, undefined]);
  });

  it('moves identical tables on once a page has as many copies as its text shows', () => {
    const copy = () => rows(['Quotation', 'Year'], ['He lay flat', '1940']);
    const page = 'Quotation Year He lay flat 1940 and Quotation Year He lay flat 1940';
    expect(placeTables([copy(), copy(), copy(), copy()], [page, 'prose', page])).toEqual([1, 1, 3, 3]);
    expect(placeTables([copy(), copy(), copy()], [page])).toEqual([1, 1, undefined]);
  });

  it('keys a table of signs, whose letters are on every page, on its symbols too', () => {
    const signs = rows(['x', '–∞', '', '+∞'], ["f'(x)", '', '+', ''], ['f(x)', '–∞', '', '+∞']);
    const pages = ['Let f(x) = 2x, so fx grows with x.', 'No table here.', "x\n–∞\n+∞\nf'(x)\n+\nf(x)\n–∞\n+∞"];
    expect(placeTables([signs], pages)).toEqual([3]);
  });

  it('falls back to shorter cell starts when the PDF draws the end of a cell apart', () => {
    const pages = ['Intro', 'Alef diacritic placement\ncv02\n(U+0654 drawn elsewhere)'];
    expect(placeTables([rows(['Alef diacritic placement U+0654', 'cv02'])], pages)).toEqual([2]);
  });

  it('finds a table whose header word wraps inside its narrow column', () => {
    const pages = ['Petals\n\nInternod Sepal\ne\nBract\n5,62 AA'];
    expect(placeTables([rows(['Petals', 'Internode', 'Sepal', 'Bract'], ['5,62', 'AA'])], pages)).toEqual([1]);
  });

  it('leaves a table without text, or with cells on no page, unplaced', () => {
    expect(placeTables([rows(['', '']), rows(['missing', 'cells'])], ['some page'])).toEqual([undefined, undefined]);
  });
});
