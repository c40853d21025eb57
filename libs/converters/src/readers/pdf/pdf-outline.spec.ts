import { cleanTitle, destinationPage, flattenOutline, type OutlineNode } from './pdf-outline';

const node = (title: string, ...items: OutlineNode[]): OutlineNode => ({ title, dest: title, items });

describe('turning a PDF outline into headings', () => {
  it('flattens in reading order with level = depth, capped at 6', () => {
    const deep = node('1', node('2', node('3', node('4', node('5', node('6', node('7')))))));
    const entries = flattenOutline([deep, node('Next')]);
    expect(entries.map((e) => [e.level, e.text])).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
      [4, '4'],
      [5, '5'],
      [6, '6'],
      [6, '7'],
      [1, 'Next'],
    ]);
    expect(entries[0].dest).toBe('1');
  });

  it('drops the entries a rule names, keeping their children at their own depth, and empty titles', () => {
    const outline = [node('Cover: Report'), node('Title Page: Report', node('1. Intro')), node('  ')];
    expect(flattenOutline(outline, /^(Cover|Title Page): /).map((e) => [e.level, e.text])).toEqual([[2, '1. Intro']]);
  });

  it('cleans control characters and runs of spaces out of titles', () => {
    expect(cleanTitle('\u0000 1.1\tFor the\r\n impatient  ')).toBe('1.1 For the impatient');
  });

  it('reads at most a bounded number of entries from a hostile outline', () => {
    const huge = Array.from({ length: 20 }, (_, i) => node(`Part ${i}`, ...Array.from({ length: 10 }, (_, j) => node(`${i}.${j}`))));
    expect(flattenOutline(huge, undefined, 50)).toHaveLength(50);
  });

  it('turns a destination into a page of the document, or none when it is broken or outside', async () => {
    const doc = {
      numPages: 3,
      getDestination: async (name: string) => (name === 'sec:2' ? [{ num: 12, gen: 0 }, { name: 'XYZ' }] : null),
      getPageIndex: async (ref: { num: number }) => (ref.num === 12 ? 1 : 40),
    };
    await expect(destinationPage(doc, 'sec:2')).resolves.toBe(2);
    await expect(destinationPage(doc, [0, { name: 'Fit' }])).resolves.toBe(1);
    await expect(destinationPage(doc, 'missing')).resolves.toBeUndefined();
    await expect(destinationPage(doc, [{ num: 99, gen: 0 }])).resolves.toBeUndefined();
  });
});
