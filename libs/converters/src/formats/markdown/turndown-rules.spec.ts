import { withoutTrailingSpaces } from './turndown-rules';

describe('withoutTrailingSpaces', () => {
  it('drops the spaces that end each line and nothing else', () => {
    expect(withoutTrailingSpaces('- a  \n    \n  b\t \nc ')).toBe('- a\n\n  b\t\nc');
    expect(withoutTrailingSpaces('  keep leading\nand inner  spaces')).toBe('  keep leading\nand inner  spaces');
  });

  it('handles deeply indented lines in linear time (where /[ ]+$/gm backtracks on every space)', () => {
    // 20,000 lines indented by 200 spaces: a 4 MB string. The regular expression took
    // ~27 s over a 64-deep list; a linear pass handles this in well under the default
    // Jest timeout on any machine, so no clock is read here.
    const line = `${' '.repeat(200)}item`;
    const text = Array.from({ length: 20_000 }, () => `${line}   `).join('\n');
    const result = withoutTrailingSpaces(text);
    expect(result.split('\n')).toHaveLength(20_000);
    expect(result.split('\n').every((row) => row === line)).toBe(true);
  });
});
