import { ApiMetrics } from '@docformat/metrics';
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { aggregateClusterMetrics, answerMetricsCollection, requestClusterMetrics, serveClusterMetrics } from './cluster-metrics';

const depth = { waiting: 7, active: 1, delayed: 0, oldestWaitingAgeSeconds: 3 };

/** An API process's metrics: `created` jobs, and the queue read from the (shared) Redis. */
function processMetrics(created: number): ApiMetrics {
  const metrics = new ApiMetrics();
  for (let i = 0; i < created; i++) metrics.jobCreated(['text']);
  metrics.watchQueue(
    'conversion',
    async () => depth,
    () => undefined,
  );
  return metrics;
}

const sample = (text: string, line: string) => text.split('\n').find((l) => l.startsWith(line));

describe('aggregateClusterMetrics', () => {
  it('adds up counters across processes but reports the shared queue readings once', async () => {
    const parts = await Promise.all([processMetrics(2), processMetrics(3)].map((m) => m.registry.getMetricsAsJSON()));
    const text = await aggregateClusterMetrics(parts);
    expect(sample(text, 'docformat_jobs_created_total{formats="text"}')).toBe('docformat_jobs_created_total{formats="text"} 5');
    expect(sample(text, 'docformat_queue_jobs{queue="conversion",state="waiting"}')).toMatch(/ 7$/);
    expect(sample(text, 'docformat_queue_oldest_waiting_age_seconds{queue="conversion"}')).toMatch(/ 3$/);
    expect(sample(text, 'docformat_queue_metrics_up{queue="conversion"}')).toMatch(/ 1$/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

/** Two fake workers and a fake primary wired by in-memory IPC, as node:cluster would. */
function fakeCluster(registries: ApiMetrics[]) {
  const primary = new EventEmitter();
  const channels = registries.map(() => Object.assign(new EventEmitter(), { connected: true, send: (_m: unknown) => true }));
  const workers = channels.map((channel, i) => {
    const worker = {
      id: i + 1,
      isConnected: () => true,
      send: (message: unknown) => {
        setImmediate(() => channel.emit('message', message));
        return true;
      },
    } as unknown as Worker;
    channel.send = (message: unknown) => {
      setImmediate(() => primary.emit('message', worker, message));
      return true;
    };
    return worker;
  });
  registries.forEach((m, i) => answerMetricsCollection(m.registry, channels[i] as unknown as NodeJS.Process));
  serveClusterMetrics(Object.assign(primary, { workers: Object.fromEntries(workers.map((w) => [String(w.id), w])) }) as never, 2000);
  return { channels };
}

describe('cluster metrics over IPC', () => {
  it('answers a scrape in one worker with the metrics of all of them', async () => {
    const { channels } = fakeCluster([processMetrics(1), processMetrics(4)]);
    const text = await requestClusterMetrics(2000, channels[0] as unknown as NodeJS.Process);
    expect(sample(text, 'docformat_jobs_created_total{formats="text"}')).toBe('docformat_jobs_created_total{formats="text"} 5');
  });

  it('refuses at once without a channel to the primary', async () => {
    const orphan = Object.assign(new EventEmitter(), { connected: false }) as unknown as NodeJS.Process;
    await expect(requestClusterMetrics(2000, orphan)).rejects.toThrow('no IPC channel');
  });
});
