import { isExternal, safeHref } from './safe-href';

describe('safeHref', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u0001:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/0f4c',
    '',
    ' \t ',
  ])('drops %j', (href) => {
    expect(safeHref(href)).toBeUndefined();
  });

  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['#section-2', '#section-2'],
    ['/docs/page.html', '/docs/page.html'],
    ['docs/a b.html', 'docs/a%20b.html'],
    ['//example.com/x', '//example.com/x'],
    ['  https://example.com/\n', 'https://example.com/'],
    ['page.html?q=a:b', 'page.html?q=a:b'],
  ])('keeps %j as %j', (href, kept) => {
    expect(safeHref(href)).toBe(kept);
  });
});

describe('isExternal', () => {
  it('is true for http(s) and protocol-relative links only', () => {
    expect(['https://a.example', 'http://a.example', '//a.example'].map(isExternal)).toEqual([true, true, true]);
    expect(['#top', 'mailto:a@b.example', 'docs/x.html', '/x'].map(isExternal)).toEqual([false, false, false, false]);
  });
});
