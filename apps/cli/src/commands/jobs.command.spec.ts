import type { JobSummary } from '@docformat/client';
import { jobsTable } from './jobs.command';

const job = (over: Partial<JobSummary>): JobSummary => ({
  id: '3f0c6a1e-1b7d-4e0c-9a43-5d2b1f7e8c90',
  createdAt: '2026-03-01T10:00:00.123Z',
  updatedAt: '2026-03-01T10:00:01.000Z',
  status: 'COMPLETED',
  type: 'format',
  pages: 12,
  fileName: 'report.pdf',
  requestedFormats: ['markdown'],
  attempts: 1,
  startedAt: null,
  completedAt: null,
  error: null,
  ...over,
});

describe('jobsTable', () => {
  it('aligns columns, keeps whole ids and the end of long file names', () => {
    const long = `https://example.com/${'a'.repeat(60)}/q3.pdf`;
    const table = jobsTable([
      job({}),
      job({
        id: 'b1d5e7f2-0000-4000-8000-000000000001',
        status: 'FAILED',
        pages: 0,
        fileName: long,
        error: { code: 'CANCELLED', message: 'x' },
      }),
    ]);
    expect(table.split('\n')).toEqual([
      'ID                                    STATUS     TYPE    PAGES  CREATED               FILE                                              ERROR',
      '3f0c6a1e-1b7d-4e0c-9a43-5d2b1f7e8c90  COMPLETED  format  12     2026-03-01T10:00:00Z  report.pdf',
      `b1d5e7f2-0000-4000-8000-000000000001  FAILED     format  0      2026-03-01T10:00:00Z  …${long.slice(-47)}  CANCELLED`,
      '',
    ]);
  });
});
