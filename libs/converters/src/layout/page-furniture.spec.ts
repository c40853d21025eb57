import { textLine } from '../testing/text-items';
import { isPageNumber, removePageFurniture } from './page-furniture';
import type { LineSegment } from './text-lines';

describe('removePageFurniture', () => {
  const page = (n: number, body: string) => [
    textLine(`ACME Annual Report ${2024}`, 40, { page: n }),
    textLine(body, 200, { page: n }),
    textLine(`Page ${n} of 3`, 770, { page: n }),
  ];

  it('drops lines repeated at the page edges and page numbers, keeps the body', () => {
    const pages = removePageFurniture([page(1, 'one'), page(2, 'two'), page(3, 'three')]);
    expect(pages.map((lines) => lines.map((l) => l.text))).toEqual([['one'], ['two'], ['three']]);
  });

  it('keeps a repeated line that is not at an edge', () => {
    const pages = removePageFurniture([[textLine('Summary', 400, { page: 1 })], [textLine('Summary', 400, { page: 2 })]]);
    expect(pages.flat()).toHaveLength(2);
  });

  it('keeps repeated edge lines set as close to the body as its own lines: the column heads and last row of a table on pages sized to it', () => {
    // A page per sheet, sized to it: every row is near an edge, 13 pt apart at 10 pt.
    const rows = (n: number) => ['Name Age', ...[1, 2, 3, 4, 5].map((k) => `Ada ${n}${k}`), 'Total 99'];
    const cells = (text: string): LineSegment[] =>
      text.split(' ').map((word, k) => ({ x: 10 + 60 * k, right: 40 + 60 * k, text: word, runs: [], items: [] }));
    const sheet = (n: number) =>
      rows(n).map((text, k) => textLine(text, 12 + 13 * k, { page: n, size: 10, pageHeight: 100, segments: cells(text) }));
    const pages = removePageFurniture([sheet(1), sheet(2)]);
    expect(pages.map((lines) => lines.map((l) => l.text))).toEqual([rows(1), rows(2)]);
  });

  it('recognises page numbers', () => {
    for (const text of ['3', '- 12 -', 'Page 4', 'page 4 of 10', '7 / 9', 'iv', '[2]']) expect(isPageNumber(text)).toBe(true);
    for (const text of ['2024 results', 'Page four', 'Chapter 1']) expect(isPageNumber(text)).toBe(false);
  });
});
