import { httpUrlProblem } from './http-url.validator';

describe('httpUrlProblem', () => {
  it.each(['https://example.com/a.pdf', 'http://localhost:8080/x?y=1#z', 'https://[2001:db8::1]/doc'])('accepts %s', (url) => {
    expect(httpUrlProblem(url)).toBeNull();
  });

  it.each([
    ['', 'must be a non-empty string'],
    ['example.com/a.pdf', 'must be an absolute URL such as https://example.com/report.pdf'],
    ['file:///etc/passwd', 'must use http or https (got file)'],
    ['javascript:alert(1)', 'must use http or https (got javascript)'],
    [`https://e.com/${'x'.repeat(2040)}`, 'must be at most 2048 characters long (got 2054)'],
  ])('refuses %j: %s', (url, problem) => {
    expect(httpUrlProblem(url)).toBe(problem);
  });

  it('accepts exactly 2,048 characters', () => {
    const url = `https://e.com/${'x'.repeat(2048 - 'https://e.com/'.length)}`;
    expect(url).toHaveLength(2048);
    expect(httpUrlProblem(url)).toBeNull();
  });
});
