import { textItem } from '../testing/text-items';
import { withoutLineNumbers } from './line-numbers';

describe('withoutLineNumbers', () => {
  const prose = 'The receiving station has been heard within range';
  // Twelve lines 14 pt apart, numbered from 681 in the left margin, right-aligned at x = 40.
  const numberedPage = (first = 681, step = 1) =>
    Array.from({ length: 12 }, (_, k) => {
      const number = String(first + step * k);
      const y = 100 + 14 * k;
      return [textItem(number, 40 - number.length * 5, y), textItem(prose, 60, y)];
    }).flat();

  it('takes out the numbers a word processor prints beside every line, whatever their step', () => {
    expect(withoutLineNumbers(numberedPage()).map((item) => item.text)).toEqual(Array(12).fill(prose));
    expect(withoutLineNumbers(numberedPage(5, 5))).toHaveLength(12);
  });

  it('keeps numbers that do not rise steadily down the page', () => {
    const items = numberedPage();
    items[4] = { ...items[4], text: '12' };
    expect(withoutLineNumbers(items)).toHaveLength(24);
  });

  it('keeps a table’s row numbers, which stand beside cells rather than sentences', () => {
    const rows = Array.from({ length: 12 }, (_, k) => {
      const y = 100 + 14 * k;
      return [textItem(String(k + 1), 30, y), textItem('Smith', 60, y), textItem('London', 200, y), textItem('42', 340, y)];
    }).flat();
    expect(withoutLineNumbers(rows)).toHaveLength(48);
  });

  it('keeps the numbers of a code listing, part of the listing, and of a few lines of a long page', () => {
    const listing = numberedPage().map((item) => (item.text === prose ? { ...item, mono: true } : item));
    expect(withoutLineNumbers(listing)).toHaveLength(24);
    // The same numbered lines over the top fifth of a page whose text runs on, unnumbered, below.
    const below = Array.from({ length: 40 }, (_, k) => textItem(prose, 60, 300 + 14 * k));
    expect(withoutLineNumbers([...numberedPage(), ...below])).toHaveLength(64);
  });

  it('keeps numbers with text on both sides of them: a column among others', () => {
    const items = numberedPage().flatMap((item) => (item.text === prose ? [item, textItem('left', 0, item.y)] : [item]));
    expect(withoutLineNumbers(items)).toHaveLength(36);
  });
});
