import { pagesLabel } from './api-types.ts';

describe('pagesLabel', () => {
  it('says how many pages are done while the job runs and knows its page count', () => {
    expect(pagesLabel({ status: 'IN_PROGRESS', progress: { pagesDone: 12, pages: 40 } })).toBe('12 / 40 pages');
    expect(pagesLabel({ status: 'IN_PROGRESS' })).toBeNull();
    expect(pagesLabel({ status: 'COMPLETED', progress: { pagesDone: 40, pages: 40 } })).toBeNull();
  });
});
