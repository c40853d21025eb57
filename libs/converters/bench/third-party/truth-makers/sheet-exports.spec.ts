import { withoutBlankLines } from './sheet-exports';

const rows = (...texts: string[][]) => texts.map((r) => r.map((text) => ({ text })));

describe("a sheet's cells as its printed page shows them", () => {
  it('drops the blank rows and columns of the used range, which print as nothing', () => {
    const sheet = rows(['', '', ''], ['', 'Name', 'Age'], ['', ' ', ''], ['', 'Ada', '36'], ['', 'Alan\n', '']);
    expect(withoutBlankLines(sheet)).toEqual(rows(['Name', 'Age'], ['Ada', '36'], ['Alan', '']));
  });

  it('keeps a sheet with merged cells as it is, since dropping a line would shift the spans', () => {
    const sheet = [[{ text: 'Total', colSpan: 2 }], [{ text: '' }, { text: '' }], [{ text: '1' }, { text: '2' }]];
    expect(withoutBlankLines(sheet)).toBe(sheet);
  });
});
