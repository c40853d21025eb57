import { charsetOf, parseContentType } from './content-type';

describe('parseContentType', () => {
  it('lowercases the type and reads quoted and bare parameters', () => {
    expect(parseContentType('Text/HTML; Charset="UTF-8"; boundary=abc')).toEqual({
      mimeType: 'text/html',
      parameters: { charset: 'UTF-8', boundary: 'abc' },
    });
  });

  it.each([null, undefined, '', 'nonsense', 'text/', '/plain', 'a b/c'])('rejects %p', (header) => {
    expect(parseContentType(header)).toBeNull();
  });

  it('finds the charset', () => {
    expect(charsetOf('text/plain;charset=Shift_JIS')).toBe('Shift_JIS');
    expect(charsetOf('text/plain')).toBeNull();
  });
});
