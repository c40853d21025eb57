import { Registry } from 'prom-client';
import { ApiMetrics } from './api-metrics';
import { hasSample, sampleValue } from './exposition';
import type { QueueDepthReading } from './queue-depth-metrics';

const DEPTH: QueueDepthReading = { waiting: 3, active: 2, delayed: 1, oldestWaitingAgeSeconds: 42.5 };

describe('ApiMetrics', () => {
  it('counts created jobs by their requested formats', async () => {
    const metrics = new ApiMetrics(new Registry());
    metrics.jobCreated(['text']);
    metrics.jobCreated(['markdown', 'text']);
    metrics.jobCreated(['text', 'markdown']);
    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'docformat_jobs_created_total', { formats: 'text' })).toBe(1);
    expect(sampleValue(text, 'docformat_jobs_created_total', { formats: 'markdown,text' })).toBe(2);
  });

  it('reads the queue once per scrape, at scrape time, into the depth gauges', async () => {
    const metrics = new ApiMetrics(new Registry());
    const read = jest.fn(async () => DEPTH);
    metrics.watchQueue('conversion', read, () => undefined);
    expect(read).not.toHaveBeenCalled();

    const text = await metrics.registry.metrics();
    expect(read).toHaveBeenCalledTimes(1);
    expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state: 'waiting' })).toBe(3);
    expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state: 'active' })).toBe(2);
    expect(sampleValue(text, 'docformat_queue_jobs', { queue: 'conversion', state: 'delayed' })).toBe(1);
    expect(sampleValue(text, 'docformat_queue_oldest_waiting_age_seconds', { queue: 'conversion' })).toBe(42.5);
    expect(sampleValue(text, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(1);

    read.mockResolvedValueOnce({ waiting: 0, active: 0, delayed: 0, oldestWaitingAgeSeconds: 0 });
    const next = await metrics.registry.metrics();
    expect(read).toHaveBeenCalledTimes(2);
    expect(sampleValue(next, 'docformat_queue_jobs', { state: 'waiting' })).toBe(0);
  });

  it('leaves the depth out, says so and reports the error when the queue cannot be read', async () => {
    const metrics = new ApiMetrics(new Registry());
    const errors: unknown[] = [];
    const read = jest.fn(async () => DEPTH);
    metrics.watchQueue('conversion', read, (error) => errors.push(error));
    await metrics.registry.metrics();

    read.mockRejectedValueOnce(new Error('Redis is away'));
    const text = await metrics.registry.metrics();
    expect(errors).toEqual([new Error('Redis is away')]);
    // No stale numbers from the previous scrape: the samples are gone.
    expect(hasSample(text, 'docformat_queue_jobs')).toBe(false);
    expect(hasSample(text, 'docformat_queue_oldest_waiting_age_seconds')).toBe(false);
    expect(sampleValue(text, 'docformat_queue_metrics_up', { queue: 'conversion' })).toBe(0);
    expect(text).toContain('# TYPE docformat_queue_jobs gauge');
  });
});
