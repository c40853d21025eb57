import { fileListProblem } from './create-batch.dto';

describe('fileListProblem', () => {
  it('takes 1 to 1,000 http(s) URLs', () => {
    expect(fileListProblem(['https://example.com/a.pdf'])).toBeNull();
    expect(fileListProblem(Array.from({ length: 1000 }, (_, i) => `https://example.com/${i}.pdf`))).toBeNull();
  });

  it('refuses an empty list, too many files and a non-list', () => {
    expect(fileListProblem([])).toMatch(/1 to 1000 document URLs \(got 0\)/);
    expect(fileListProblem(Array.from({ length: 1001 }, () => 'https://example.com/a.pdf'))).toMatch(/got 1001/);
    expect(fileListProblem('https://example.com/a.pdf')).toMatch(/must be a list/);
  });

  it('names the first URL that is not one, by its index', () => {
    expect(fileListProblem(['https://example.com/a.pdf', 'ftp://example.com/b.pdf'])).toBe('files[1] must use http or https (got ftp)');
  });
});
