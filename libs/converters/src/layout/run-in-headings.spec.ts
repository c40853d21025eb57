import { renderMarkdown } from '../formats/markdown/render-markdown';
import { textLine } from '../testing/text-items';
import { linesToBlocks } from './lines-to-blocks';
import { splitRunInHeadings } from './run-in-headings';
import type { TextLine } from './text-lines';

/** A line whose first words are bold, as a journal sets a run-in subsection title. */
function runIn(title: string, rest: string, y: number): TextLine {
  const text = `${title} ${rest}`;
  return textLine(text, y, {
    runs: [
      { text: `${title} `, bold: true, italic: false, mono: false },
      { text: rest, bold: false, italic: false, mono: false },
    ],
  });
}

describe('splitRunInHeadings', () => {
  const outline = [{ level: 2, text: '1.1 Essential Initial Commands', page: 1 }];

  it('splits off a bold run-in title the outline names, the rest of the line starting its paragraph', () => {
    const blocks = linesToBlocks(
      [runIn('1.1 Essential Initial Commands.', 'To begin, fill in the fields', 100), textLine('at the top of the template file.', 114)],
      outline,
    );
    expect(renderMarkdown(blocks)).toBe(
      '## 1.1 Essential Initial Commands\n\nTo begin, fill in the fields at the top of the template file.\n',
    );
  });

  it('leaves bold words alone that the outline does not name, or that no stop ends, or without an outline', () => {
    const emphasis = runIn('Note.', 'The fields are filled in first.', 100);
    expect(splitRunInHeadings([emphasis], outline)).toEqual([emphasis]);
    const unended = runIn('1.1 Essential Initial Commands', 'begin the file', 100);
    expect(splitRunInHeadings([unended], outline)).toEqual([unended]);
    const named = runIn('1.1 Essential Initial Commands.', 'To begin.', 100);
    expect(splitRunInHeadings([named], [])).toEqual([named]);
    expect(splitRunInHeadings([{ ...named, page: 3 }], outline)).toEqual([{ ...named, page: 3 }]);
  });
});
