import { hasSample, parseExposition, sampleValue } from './exposition';

const TEXT = `# HELP docformat_jobs_failed_total Jobs failed.
# TYPE docformat_jobs_failed_total counter
docformat_jobs_failed_total{code="DOWNLOAD_FAILED"} 2
docformat_jobs_failed_total{code="CORRUPT_DOCUMENT"} 1

# TYPE docformat_fetch_seconds histogram
docformat_fetch_seconds_bucket{le="+Inf",outcome="ok"} 3
docformat_fetch_seconds_sum{outcome="ok"} 0.042
process_start_time_seconds 1700000000
`;

describe('parseExposition', () => {
  it('reads names, labels and values and skips comments', () => {
    expect(parseExposition(TEXT)).toEqual([
      { name: 'docformat_jobs_failed_total', labels: { code: 'DOWNLOAD_FAILED' }, value: 2 },
      { name: 'docformat_jobs_failed_total', labels: { code: 'CORRUPT_DOCUMENT' }, value: 1 },
      { name: 'docformat_fetch_seconds_bucket', labels: { le: '+Inf', outcome: 'ok' }, value: 3 },
      { name: 'docformat_fetch_seconds_sum', labels: { outcome: 'ok' }, value: 0.042 },
      { name: 'process_start_time_seconds', labels: {}, value: 1700000000 },
    ]);
  });

  it('sums the samples that match, and reads 0 for none', () => {
    expect(sampleValue(TEXT, 'docformat_jobs_failed_total')).toBe(3);
    expect(sampleValue(TEXT, 'docformat_jobs_failed_total', { code: 'CORRUPT_DOCUMENT' })).toBe(1);
    expect(sampleValue(TEXT, 'docformat_jobs_completed_total')).toBe(0);
    expect(hasSample(TEXT, 'docformat_fetch_seconds_sum', { outcome: 'ok' })).toBe(true);
    expect(hasSample(TEXT, 'docformat_fetch_seconds_sum', { outcome: 'error' })).toBe(false);
  });
});
