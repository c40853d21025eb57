/**
 * Every metric this service exports, by name. Names are part of the operators'
 * contract (dashboards, alerts): never rename one, only add. Node's process metrics
 * keep prom-client's standard names (`process_*`, `nodejs_*`) so stock dashboards work.
 */
export const MetricName = {
  /** API: jobs accepted by POST /format (the row was saved), by requested formats. */
  JOBS_CREATED: 'docformat_jobs_created_total',
  /** Worker: jobs that reached COMPLETED, by input type. */
  JOBS_COMPLETED: 'docformat_jobs_completed_total',
  /** Worker: jobs that reached FAILED, by error code. */
  JOBS_FAILED: 'docformat_jobs_failed_total',
  /** Worker: seconds a successful conversion took in its thread, by input type. */
  CONVERSION_SECONDS: 'docformat_conversion_seconds',
  /** Worker: pages (slides, sheets, frames) converted, by input type. */
  PAGES_CONVERTED: 'docformat_pages_converted_total',
  /** Worker: bytes of downloaded documents (after decompression), by input type. */
  FETCH_BYTES: 'docformat_fetch_bytes_total',
  /** Worker: seconds a download took, by outcome. */
  FETCH_SECONDS: 'docformat_fetch_seconds',
  /** API: queue entries per state, read from Redis at scrape time. */
  QUEUE_JOBS: 'docformat_queue_jobs',
  /** API: seconds the entry next in line has been waiting (0 when none waits). */
  QUEUE_OLDEST_WAITING_AGE: 'docformat_queue_oldest_waiting_age_seconds',
  /** API: 1 when this scrape could read the queue, 0 when Redis failed (the queue gauges are then left out). */
  QUEUE_METRICS_UP: 'docformat_queue_metrics_up',
} as const;
export type MetricName = (typeof MetricName)[keyof typeof MetricName];

/** Queue states reported by QUEUE_JOBS (`state` label). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Outcomes of a download (`outcome` label of FETCH_SECONDS). */
export const FetchOutcome = { OK: 'ok', ERROR: 'error' } as const;
export type FetchOutcome = (typeof FetchOutcome)[keyof typeof FetchOutcome];

/**
 * Conversions run from milliseconds (a text file) to CONVERSION_TIMEOUT_MS (120 s by
 * default; OCR of a long scan): buckets spread over that whole range.
 */
export const CONVERSION_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** Downloads: up to FETCH_TIMEOUT_MS, 30 s by default. */
export const FETCH_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
