import { isTocEntry, withoutLeader } from './toc-entries';

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
