import type { HeadingLevel } from '../document';
import { hintedLevels, matchHints, unlabelled } from './heading-hints';
import type { TextLine } from './text-lines';

function line(text: string, page: number, extra: Partial<TextLine> = {}): TextLine {
  return {
    page,
    pageHeight: 800,
    text,
    runs: [{ text, bold: false, italic: false, mono: false }],
    x: 50,
    right: 50 + text.length * 6,
    y: 100,
    size: 10,
    bold: false,
    italic: false,
    mono: false,
    rtl: false,
    segments: [],
    column: -1,
    ...extra,
  };
}

describe('matchHints: a declared heading found among the lines', () => {
  it('on its page, by its title with or without the section number, never in the contents', () => {
    const contents = line('1 Introduction . . . . . . . . . . . 3', 1);
    const heading = line('1 Introduction', 3, { size: 14 });
    const matches = matchHints([contents, line('Body', 2), heading], [{ level: 1, text: 'Introduction', page: 3 }]);
    expect(matches.map((match) => match.lines)).toEqual([[heading]]);
  });

  it('on the next page when the bookmark points just before a page break', () => {
    const heading = line('Results', 5);
    expect(matchHints([line('End of page four', 4), heading], [{ level: 1, text: 'Results', page: 4 }])[0].lines).toEqual([heading]);
  });

  it('over the lines a long title wraps to, and in order where the file gives no page', () => {
    const first = line('Extensions for the Process Management Envi-', 2);
    const second = line('ronment', 2);
    const matches = matchHints(
      [line('Intro', 1), first, second],
      [
        { level: 1, text: 'Intro' },
        { level: 2, text: 'Extensions for the Process Management Environment' },
      ],
    );
    expect(matches.map((match) => match.lines.length)).toEqual([1, 2]);
  });

  it('compares titles without case, punctuation or a section label', () => {
    expect(unlabelled('2.3. Results')).toBe('results');
    expect(unlabelled('Chapter 4: Method')).toBe('method');
    expect(unlabelled('IV. Discussion')).toBe('discussion');
  });
});

describe('hintedLevels: the declared levels over the typography', () => {
  const title = line('A Study of Soil', 1, { size: 20 });
  const intro = line('1 Introduction', 1, { size: 14 });
  const thanks = line('Acknowledgements', 2, { size: 14 });
  const sub = line('1.1 Scope', 1, { size: 12 });
  const minor = line('A minor point', 2, { size: 11 });
  const visual = new Map<TextLine, HeadingLevel>([
    [title, 1],
    [intro, 2],
    [sub, 3],
    [thanks, 2],
    [minor, 4],
  ]);
  const lines = [title, intro, sub, thanks, minor];

  it('gives found headings their declared level and the rest the level of their style, or their own moved alike', () => {
    const levels = hintedLevels(lines, visual, [
      { level: 1, text: 'Introduction', page: 1 },
      { level: 2, text: 'Scope', page: 1 },
    ]);
    expect([title, intro, sub, thanks, minor].map((l) => levels.get(l))).toEqual([1, 1, 2, 1, 3]);
  });

  it('makes a line a heading when the file declares it, whatever its look', () => {
    const plain = line('Methods', 2);
    const levels = hintedLevels([...lines, plain], visual, [
      { level: 1, text: 'Introduction', page: 1 },
      { level: 1, text: 'Methods', page: 2 },
    ]);
    expect(levels.get(plain)).toBe(1);
  });

  it('leaves the typography alone when most declared headings are not in the text', () => {
    const hints = ['Figures', 'Tables', 'Index', 'Introduction'].map((text) => ({ level: 1, text, page: 1 }));
    expect(hintedLevels(lines, visual, hints)).toEqual(visual);
  });
});
