import { indentedItem } from './turndown-rules';

describe('indentedItem: a list item’s content under its marker', () => {
  it('indents every line after the first, cuts leading and trailing newlines, and leaves no line ending in spaces', () => {
    expect(indentedItem('\n\na  \n    \nb\t \nc \n\n\n', '  ')).toBe('a\n\n  b\t\n  c\n');
    expect(indentedItem('keep leading\n and inner  spaces', '   ')).toBe('keep leading\n    and inner  spaces');
    expect(indentedItem('one line', '  ')).toBe('one line');
    expect(indentedItem('\n\n', '  ')).toBe('');
  });

  it('handles deeply indented lines in one pass (where /[ ]+$/gm backtracks on every space)', () => {
    // 20,000 lines indented by 200 spaces, each ending in spaces: a 4 MB string, as a
    // list nested 64 deep gives at its innermost levels. No clock is read here.
    const line = `${' '.repeat(200)}item`;
    const text = Array.from({ length: 20_000 }, () => `${line}   `).join('\n');
    const result = indentedItem(text, '  ');
    expect(result.split('\n')).toHaveLength(20_000);
    expect(result.split('\n').every((row, index) => row === (index === 0 ? line : `  ${line}`))).toBe(true);
  });
});
