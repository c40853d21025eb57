import { ProblemException } from '../../http/problem.exception';
import { pageQuery } from './page-query';

function fields(page: string, query: Record<string, unknown>): string[] {
  try {
    pageQuery(page, query);
  } catch (error) {
    if (!(error instanceof ProblemException)) throw error;
    return (error.problem.errors ?? []).map((entry) => entry.field);
  }
  return [];
}

describe('pageQuery', () => {
  it('fills in the defaults and keys the request by every value in force', () => {
    expect(pageQuery('3', {})).toEqual({ page: 3, dpi: 110, format: 'png', key: '3@110.png' });
    expect(pageQuery('1', { dpi: '300', format: 'webp' })).toEqual({ page: 1, dpi: 300, format: 'webp', key: '1@300.webp' });
  });

  it('names every wrong field', () => {
    expect(fields('0', { dpi: '35' })).toEqual(['n', 'dpi']);
    expect(fields('x', { dpi: '301', format: 'gif' })).toEqual(['n', 'dpi', 'format']);
    expect(fields('1', { dpi: ['100', '200'], size: '2' })).toEqual(['dpi', 'size']);
  });
});
