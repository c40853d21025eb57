import { textLine } from '../testing/text-items';
import { isTocEntry, numberedContents, withoutLeader } from './toc-entries';

describe('table-of-contents entries', () => {
  it('are a title, a dot leader and a page number', () => {
    expect(isTocEntry('1.2 Concept . . . . . . . . . . . . 6')).toBe(true);
    expect(isTocEntry('Index.............13')).toBe(true);
    expect(isTocEntry('Preface . . . . . . . xiv')).toBe(true);
    // An ellipsis in running text, and a line without a page number, are not.
    expect(isTocEntry('the values 1, 2, 3 ... 10')).toBe(false);
    expect(isTocEntry('1.2 Concept . . . . . . . . . . . .')).toBe(false);
    // A hostile line of half a million dots is answered at once (its length alone rules it out).
    expect(isTocEntry(`x ${'. '.repeat(500_000)}`)).toBe(false);
  });

  it('lose their leader, keeping the page number', () => {
    const runs = withoutLeader([
      { text: '1.2 Concept . . . . . . ', bold: false, italic: false, mono: false },
      { text: '6', bold: false, italic: false, mono: false },
    ]);
    expect(runs.map((run) => run.text).join('')).toBe('1.2 Concept … 6');
  });
});

describe('a contents list of numbered titles without page numbers', () => {
  const lines = (texts: string[]) => texts.map((text, i) => textLine(text, 100 + i * 12));
  const found = (texts: string[]) => [...numberedContents(lines(texts))].map((line) => line.text);

  it('is four or more section-numbered lines in a row at two depths or more, ending where the numbering starts again', () => {
    expect(
      found(['0. Preface', '0.1. Notices', '1. Conventions', '1.1. Bytes', '2. Structure', '0. Preface', 'This document describes']),
    ).toEqual(['0. Preface', '0.1. Notices', '1. Conventions', '1.1. Bytes', '2. Structure']);
  });

  it('is not a numbered list of one depth, nor three numbered headings in a row', () => {
    expect(found(['1. Mix the flour', '2. Add water', '3. Knead', '4. Bake'])).toEqual([]);
    expect(found(['2 Results', '2.1 Setup', '2.1.1 Data', 'We ran the tests on'])).toEqual([]);
  });
});
