import { Registry } from 'prom-client';
import { hasSample, sampleValue } from './exposition';
import { WorkerMetrics } from './worker-metrics';

describe('WorkerMetrics', () => {
  it('counts completed jobs, converted pages and conversion time by input type', async () => {
    const metrics = new WorkerMetrics(new Registry());
    metrics.converted('pdf', 1.5, 4);
    metrics.jobCompleted('pdf');
    metrics.converted('pdf', 0.2, 2);
    metrics.jobCompleted('pdf');
    metrics.converted(undefined, 0.01, 1);
    metrics.jobCompleted(undefined);

    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'docformat_jobs_completed_total', { input: 'pdf' })).toBe(2);
    expect(sampleValue(text, 'docformat_jobs_completed_total', { input: 'other' })).toBe(1);
    expect(sampleValue(text, 'docformat_pages_converted_total', { input: 'pdf' })).toBe(6);
    expect(sampleValue(text, 'docformat_conversion_seconds_count', { input: 'pdf' })).toBe(2);
    expect(sampleValue(text, 'docformat_conversion_seconds_sum', { input: 'pdf' })).toBeCloseTo(1.7);
    // 0.2 s falls in the 0.25 s bucket, 1.5 s only from 2.5 s on.
    expect(sampleValue(text, 'docformat_conversion_seconds_bucket', { input: 'pdf', le: '0.25' })).toBe(1);
    expect(sampleValue(text, 'docformat_conversion_seconds_bucket', { input: 'pdf', le: '2.5' })).toBe(2);
    expect(sampleValue(text, 'docformat_conversion_seconds_bucket', { input: 'pdf', le: '+Inf' })).toBe(2);
  });

  it('counts failed jobs by error code', async () => {
    const metrics = new WorkerMetrics(new Registry());
    metrics.jobFailed('DOWNLOAD_FAILED');
    metrics.jobFailed('DOWNLOAD_FAILED');
    metrics.jobFailed('NOT_A_CODE');
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'docformat_jobs_failed_total', { code: 'DOWNLOAD_FAILED' })).toBe(2);
    expect(sampleValue(text, 'docformat_jobs_failed_total', { code: 'OTHER' })).toBe(1);
    expect(sampleValue(text, 'docformat_jobs_completed_total')).toBe(0);
  });

  it('counts downloaded bytes by input type and download time by outcome', async () => {
    const metrics = new WorkerMetrics(new Registry());
    metrics.fetched('html', 1000, 0.3);
    metrics.fetched('html', 24, 0.1);
    metrics.fetchFailed(5);
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'docformat_fetch_bytes_total', { input: 'html' })).toBe(1024);
    expect(sampleValue(text, 'docformat_fetch_seconds_count', { outcome: 'ok' })).toBe(2);
    expect(sampleValue(text, 'docformat_fetch_seconds_sum', { outcome: 'ok' })).toBeCloseTo(0.4);
    expect(sampleValue(text, 'docformat_fetch_seconds_count', { outcome: 'error' })).toBe(1);
    expect(hasSample(text, 'docformat_fetch_bytes_total', { input: 'other' })).toBe(false);
  });

  it('keeps each instance to its own registry', async () => {
    const one = new WorkerMetrics(new Registry());
    const two = new WorkerMetrics(new Registry());
    one.jobCompleted('txt');
    expect(sampleValue(await one.registry.metrics(), 'docformat_jobs_completed_total')).toBe(1);
    expect(sampleValue(await two.registry.metrics(), 'docformat_jobs_completed_total')).toBe(0);
  });
});
