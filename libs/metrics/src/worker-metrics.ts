import { Counter, Histogram, type Registry } from 'prom-client';
import { errorCodeLabel, inputLabel } from './labels';
import { CONVERSION_SECONDS_BUCKETS, FETCH_SECONDS_BUCKETS, FetchOutcome, MetricName } from './metric-names';
import { createMetricsRegistry } from './registry';

/**
 * What a worker reports about the jobs it runs. Callers pass raw values (the
 * identified type's extension, an error code); the labels are bounded here.
 */
export class WorkerMetrics {
  private readonly jobsCompleted: Counter<'input'>;
  private readonly jobsFailed: Counter<'code'>;
  private readonly conversionSeconds: Histogram<'input'>;
  private readonly pagesConverted: Counter<'input'>;
  private readonly fetchBytes: Counter<'input'>;
  private readonly fetchSeconds: Histogram<'outcome'>;

  constructor(readonly registry: Registry = createMetricsRegistry()) {
    const registers = [registry];
    this.jobsCompleted = new Counter({
      name: MetricName.JOBS_COMPLETED,
      help: 'Jobs this worker completed, by input type.',
      labelNames: ['input'],
      registers,
    });
    this.jobsFailed = new Counter({
      name: MetricName.JOBS_FAILED,
      help: 'Jobs this worker failed for good (after any retries), by error code.',
      labelNames: ['code'],
      registers,
    });
    this.conversionSeconds = new Histogram({
      name: MetricName.CONVERSION_SECONDS,
      help: 'Seconds a successful conversion took in its thread, by input type.',
      labelNames: ['input'],
      buckets: CONVERSION_SECONDS_BUCKETS,
      registers,
    });
    this.pagesConverted = new Counter({
      name: MetricName.PAGES_CONVERTED,
      help: 'Pages (slides, sheets, frames) converted, by input type.',
      labelNames: ['input'],
      registers,
    });
    this.fetchBytes = new Counter({
      name: MetricName.FETCH_BYTES,
      help: 'Bytes of documents downloaded (after decompression), by input type.',
      labelNames: ['input'],
      registers,
    });
    this.fetchSeconds = new Histogram({
      name: MetricName.FETCH_SECONDS,
      help: 'Seconds a document download took, redirects included, by outcome (ok or error).',
      labelNames: ['outcome'],
      buckets: FETCH_SECONDS_BUCKETS,
      registers,
    });
  }

  fetched(extension: string | undefined, bytes: number, seconds: number): void {
    this.fetchBytes.inc({ input: inputLabel(extension) }, bytes);
    this.fetchSeconds.observe({ outcome: FetchOutcome.OK }, seconds);
  }

  fetchFailed(seconds: number): void {
    this.fetchSeconds.observe({ outcome: FetchOutcome.ERROR }, seconds);
  }

  converted(extension: string | undefined, seconds: number, pages: number): void {
    const input = inputLabel(extension);
    this.conversionSeconds.observe({ input }, seconds);
    this.pagesConverted.inc({ input }, pages);
  }

  jobCompleted(extension: string | undefined): void {
    this.jobsCompleted.inc({ input: inputLabel(extension) });
  }

  jobFailed(code: string): void {
    this.jobsFailed.inc({ code: errorCodeLabel(code) });
  }
}
