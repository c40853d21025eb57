import { MetricName } from '@docformat/metrics';
import type { Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Aggregator, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/**
 * With API_PROCESSES > 1 a scrape reaches one process, but Prometheus must see the
 * API as one: the process that got the scrape asks the primary, which collects
 * every worker's registry over the cluster's IPC channel and sums them with
 * prom-client's AggregatorRegistry (counters add up; Node's process metrics use
 * the aggregators prom-client gives them).
 */
const Message = {
  /** worker → primary: a scrape arrived, please aggregate. */
  REQUEST: 'docformat:metrics-request',
  /** primary → every worker: send your registry. */
  COLLECT: 'docformat:metrics-collect',
  /** worker → primary: one registry, as JSON. */
  PART: 'docformat:metrics-part',
  /** primary → asking worker: the aggregated exposition text. */
  RESPONSE: 'docformat:metrics-response',
} as const;

type Metrics = MetricObjectWithValues<MetricValue<string>>[];
type ClusterMessage =
  | { type: typeof Message.REQUEST; id: string }
  | { type: typeof Message.COLLECT; id: string }
  | { type: typeof Message.PART; id: string; metrics?: Metrics; error?: string }
  | { type: typeof Message.RESPONSE; id: string; text?: string; error?: string };

const isMessage = (value: unknown): value is ClusterMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  String((value as { type: string }).type).startsWith('docformat:metrics-');

/**
 * The queue gauges are read from the one Redis by every process: the same numbers
 * in each, not parts of a sum. Up is the worst of them.
 */
const SHARED_READINGS: Record<string, Aggregator> = {
  [MetricName.QUEUE_JOBS]: 'max',
  [MetricName.QUEUE_OLDEST_WAITING_AGE]: 'max',
  [MetricName.QUEUE_METRICS_UP]: 'min',
};

/** The exposition text of the workers' registries taken together. */
export function aggregateClusterMetrics(parts: Metrics[]): Promise<string> {
  const adjusted = parts.map((metrics) =>
    metrics.map((metric) => ({ ...metric, aggregator: SHARED_READINGS[metric.name] ?? metric.aggregator })),
  );
  return AggregatorRegistry.aggregate(adjusted).metrics();
}

/** Primary: answers workers' scrape requests by collecting from all of them (those that do not answer in time are left out). */
export function serveClusterMetrics(
  cluster: { on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown; workers?: NodeJS.Dict<Worker> },
  timeoutMs: number,
): void {
  const collecting = new Map<string, (worker: Worker, part: Extract<ClusterMessage, { type: typeof Message.PART }>) => void>();
  cluster.on('message', (worker, message) => {
    if (!isMessage(message)) return;
    if (message.type === Message.PART) collecting.get(message.id)?.(worker, message);
    if (message.type !== Message.REQUEST) return;
    const id = randomUUID();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());
    const parts: Metrics[] = [];
    let pending = workers.length;
    const reply = (answer: { text?: string; error?: string }) => {
      clearTimeout(timer);
      collecting.delete(id);
      if (worker.isConnected()) worker.send({ type: Message.RESPONSE, id: message.id, ...answer });
    };
    const finish = () => {
      aggregateClusterMetrics(parts).then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    };
    const timer = setTimeout(finish, timeoutMs);
    collecting.set(id, (_from, part) => {
      if (part.metrics) parts.push(part.metrics);
      if (--pending === 0) finish();
    });
    for (const w of workers) w.send({ type: Message.COLLECT, id });
  });
}

/** Worker: hands its registry to the primary when asked. */
export function answerMetricsCollection(registry: Registry, channel: NodeJS.Process = process): void {
  channel.on('message', (message: unknown) => {
    if (!isMessage(message) || message.type !== Message.COLLECT) return;
    registry.getMetricsAsJSON().then(
      (metrics) => channel.send?.({ type: Message.PART, id: message.id, metrics }),
      (error: unknown) => channel.send?.({ type: Message.PART, id: message.id, error: String(error) }),
    );
  });
}

/** Worker: the whole API's metrics, through the primary. */
export function requestClusterMetrics(timeoutMs: number, channel: NodeJS.Process = process): Promise<string> {
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isMessage(message) || message.type !== Message.RESPONSE || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`the primary could not aggregate the metrics: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      channel.off('message', onMessage);
    };
    if (!channel.send || !channel.connected) {
      done();
      reject(new Error('no IPC channel to the primary'));
      return;
    }
    channel.on('message', onMessage);
    channel.send({ type: Message.REQUEST, id });
  });
}
