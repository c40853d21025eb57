import { hasSample } from './exposition';
import { MetricName } from './metric-names';
import { createMetricsRegistry } from './registry';
import { WorkerMetrics } from './worker-metrics';

describe('createMetricsRegistry', () => {
  it("collects Node's process metrics under their standard names", async () => {
    const text = await createMetricsRegistry().metrics();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(hasSample(text, name)).toBe(true);
    }
  });

  it('gives each call a registry of its own, so several apps fit in one process', async () => {
    const one = new WorkerMetrics(createMetricsRegistry());
    const two = new WorkerMetrics(createMetricsRegistry());
    one.jobFailed('CORRUPT_DOCUMENT');
    expect(hasSample(await one.registry.metrics(), MetricName.JOBS_FAILED)).toBe(true);
    expect(hasSample(await two.registry.metrics(), MetricName.JOBS_FAILED)).toBe(false);
  });

  it('prefixes every metric of its own with docformat_', () => {
    for (const name of Object.values(MetricName)) expect(name).toMatch(/^docformat_[a-z_]+$/);
  });
});
