import { normalizeItem, stripInlineMarkdown, tokenize } from './tokens';

describe('tokenize', () => {
  it('lowercases and splits on punctuation, markup and whitespace', () => {
    expect(tokenize('**Hours** logged: 1,164 (in `Q1`)!')).toEqual(['hours', 'logged', '1', '164', 'in', 'q1']);
  });

  it('folds ligatures, drops soft hyphens and keeps letters outside ASCII', () => {
    expect(tokenize('ﬁnal hy\u00adphen Café Straße')).toEqual(['final', 'hyphen', 'café', 'straße']);
  });

  it('splits on underscores and apostrophes alike on every side', () => {
    expect(tokenize("snake_case builders' don't")).toEqual(['snake', 'case', 'builders', 'don', 't']);
  });

  it('gives no tokens for empty or punctuation-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' -- | * ')).toEqual([]);
  });
});

describe('stripInlineMarkdown', () => {
  it('keeps link text, drops link targets, images and HTML tags, decodes entities', () => {
    expect(stripInlineMarkdown('See [the guide](https://example.com/a) ![logo](l.png) <br/>A &amp; B').replace(/ +/g, ' ')).toBe(
      'See the guide A & B',
    );
  });

  it('reduces autolinks to the address', () => {
    expect(stripInlineMarkdown('<https://example.com/x>')).toBe('https://example.com/x');
  });
});

describe('normalizeItem', () => {
  it('compares markup variants of the same text as equal', () => {
    expect(normalizeItem('**Runner** _beans_ \\| [x](y)')).toBe(normalizeItem('runner beans x'));
  });
});
