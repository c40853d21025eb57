import { withUtf8Charset } from './response-headers.hook';

describe('withUtf8Charset', () => {
  it.each([
    ['text/yaml', 'text/yaml; charset=utf-8'],
    ['application/problem+json; charset=utf-8', 'application/problem+json; charset=utf-8'],
    ['text/plain; version=0.0.4; charset=utf-8', 'text/plain; charset=utf-8; version=0.0.4'],
    ['text/html; charset=ISO-8859-1', 'text/html; charset=utf-8'],
    ['text/plain; note="a b"', 'text/plain; charset=utf-8; note="a b"'],
  ])('%s → %s', (given, expected) => expect(withUtf8Charset(given)).toBe(expected));
});
