import { availableParallelism } from 'node:os';
import { z } from 'zod';

const MIB = 1024 * 1024;

/** A whole number within bounds; the messages name the accepted range. */
function boundedInt(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );
}

/** Integer setting with bounds and a default. */
function int(defaultValue: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  return boundedInt(min, max).default(defaultValue);
}

/** The value as a URL, or undefined when it does not parse. */
function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function url(defaultValue: string, protocols: string[]) {
  return z
    .string()
    .trim()
    .refine((value) => protocols.includes(parsedUrl(value)?.protocol ?? ''), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })
    .default(defaultValue);
}

/** An optional absolute http(s) URL, without a trailing slash (links the service gives out). */
function optionalBaseUrl() {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        const parsed = parsedUrl(value);
        return (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') && !parsed.search && !parsed.hash;
      },
      { message: 'must be an absolute http:// or https:// URL without a query, such as https://docformat.example.com' },
    )
    .transform((value) => value.replace(/\/+$/, ''))
    .optional();
}

/** An optional whole number in [min, max]: unset means the setting's automatic value. */
function optionalInt(min: number, max: number) {
  return boundedInt(min, max).optional();
}

/** An optional port: unset turns the feature off (the worker's metrics server). */
function optionalPort() {
  return optionalInt(1, 65535);
}

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), { message: 'must be true or false' })
  .transform((v) => ['true', '1', 'yes'].includes(v))
  .default(false);

/** Bootstrap tokens: long enough to be unguessable, no whitespace inside. */
const tokens = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  )
  .pipe(
    z.array(
      z
        .string()
        .min(24, { message: 'each token must be at least 24 characters long' })
        .regex(/^[\x21-\x7e]+$/, { message: 'tokens may only contain printable ASCII without spaces' }),
    ),
  );

/** An optional shared secret sent in a header: long enough not to be guessed, printable ASCII without spaces. */
function optionalSecret() {
  return z
    .string()
    .min(16, { message: 'must be at least 16 characters long' })
    .regex(/^[\x21-\x7e]+$/, { message: 'may only contain printable ASCII without spaces' })
    .optional();
}

/**
 * Every setting of both apps, with its default. One schema for both processes keeps
 * the compose file and docs/configuration.md honest: a variable means the same thing everywhere.
 */
export const envSchema = z.object({
  PORT: int(3000, 1, 65535),
  DATABASE_URL: url('postgresql://postgres@127.0.0.1:5432/docformat', ['postgresql:', 'postgres:']),
  REDIS_URL: url('redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  QUEUE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'must be 1-64 letters, digits, dots, dashes or underscores' })
    .default('docformat'),
  API_TOKENS: tokens,
  FETCH_ALLOW_PRIVATE: bool,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * Conversions one worker process runs at once. Unset, the worker processes of one
   * deployment on one host share WORKER_CORES between them (worker-share/).
   */
  WORKER_CONCURRENCY: optionalInt(1, 256),
  /** The cores the worker processes on this host share when WORKER_CONCURRENCY is unset. */
  WORKER_CORES: int(availableParallelism(), 1, 1024),
  JOB_MAX_ATTEMPTS: int(3, 1, 20),
  ENQUEUE_TIMEOUT_MS: int(2000, 100, 60_000),
  MAX_FILE_BYTES: int(50 * MIB, 1024, 4096 * MIB),
  MAX_PAGES: int(2000, 1, 1_000_000),
  /**
   * Most pixels of one image a conversion decodes or draws (an image file, a TIFF page,
   * an image inside a PDF, a page drawn for OCR): each takes ~4 bytes a pixel outside
   * the V8 heap, which CONVERSION_MAX_MEMORY_MB does not bound. 40 million admits an
   * A4 or Letter page scanned at 600 dpi (35 million).
   */
  MAX_IMAGE_PIXELS: int(40_000_000, 10_000, 1_000_000_000),
  /** Largest picture a job keeps of its document (format.images, docs/adr/0019-document-images.md); larger ones stay placeholders. */
  IMAGE_MAX_BYTES: int(10 * MIB, 1024, 1024 * MIB),
  /** Most bytes of pictures one job keeps; the pictures after that stay placeholders. */
  IMAGE_MAX_JOB_BYTES: int(50 * MIB, 1024, 4096 * MIB),
  /** Pictures narrower or lower than this many pixels (icons, bullets, spacers, rules) are not kept. */
  IMAGE_MIN_SIDE_PX: int(24, 1, 10_000),
  /** Largest picture format.images embedded writes as a data: URI; larger ones are linked as with referenced. */
  IMAGE_EMBED_MAX_BYTES: int(256 * 1024, 0, 64 * MIB),
  /** How long a signed image URL (format.images referenced) works without the bearer token. */
  IMAGE_URL_TTL_SECONDS: int(3600, 10, 30 * 86_400),
  FETCH_TIMEOUT_MS: int(30_000, 100, 3_600_000),
  CONVERSION_TIMEOUT_MS: int(120_000, 100, 3_600_000),
  CONVERSION_MAX_MEMORY_MB: int(1024, 64, 65_536),
  /** A conversion thread is replaced by a fresh one after this many conversions (what parsers leave behind is given back). */
  CONVERSION_MAX_TASKS_PER_THREAD: int(50, 1, 1_000_000),
  /**
   * A worker whose RSS is above this replaces each conversion thread as it finishes a job,
   * and starts a second OCR engine only while it fits under it. 400 is issue 8's bound.
   */
  WORKER_MAX_RSS_MB: int(400, 64, 1_048_576),
  OCR_THREADS: int(availableParallelism(), 1, 64),
  /**
   * One long document across the fleet (issue 31): a PDF whose selection is longer than
   * this many text pages is cut into page ranges of about this many, which any worker
   * takes. 0 turns splitting across workers off. 512, not less: each range opens the PDF
   * and loads its fonts again (about half a second for the R reference manual), which
   * ranges of 64 text pages paid 2.7 times over in CPU (docs/performance.md).
   */
  SPLIT_PAGES: int(512, 0, 100_000),
  /** Pages per range when every page needs OCR; a mix of scans and text pages gets ranges in between. */
  SPLIT_OCR_PAGES: int(8, 1, 100_000),
  /** Page ranges of one client's split jobs that run at once, across all workers: the rest wait, so other clients' work still finds workers. */
  SPLIT_RANGES_PER_CLIENT: int(8, 1, 100_000),
  SHUTDOWN_GRACE_MS: int(30_000, 0, 3_600_000),
  /** How long a worker holds a job before others may treat it as stalled (BullMQ lockDuration). */
  JOB_LOCK_MS: int(30_000, 1000, 3_600_000),
  SWEEP_INTERVAL_MS: int(15_000, 500, 3_600_000),
  /** The worker's Prometheus endpoint; unset, the worker opens no port at all. The API serves /metrics on PORT. */
  METRICS_PORT: optionalPort(),
  /** When set, GET /metrics (API and worker) needs `Authorization: Bearer <METRICS_TOKEN>`; unset leaves it open (keep it on a private network then). */
  METRICS_TOKEN: optionalSecret(),
  /** When set, the API serves the queue dashboard at /admin/queues to this token (Bearer, or Basic's password); unset, there is no dashboard. */
  ADMIN_TOKEN: optionalSecret(),
  /** How long an API process remembers a bearer token's answer (valid or refused); a revocation takes effect within it. 0 asks Postgres on every request. */
  /** API processes sharing PORT (node:cluster); 1 runs the API in a single process. */
  API_PROCESSES: int(availableParallelism(), 1, 64),
  TOKEN_CACHE_SECONDS: int(5, 0, 3600),
  /** Most conversions the API sends to Redis in one addBulk; 1 sends each on its own. */
  ENQUEUE_BATCH_MAX: int(100, 1, 10_000),
  /** How long the first job of a batch waits for others; 0 means until the end of the current event-loop turn. */
  ENQUEUE_BATCH_WAIT_MS: int(0, 0, 1000),
  /**
   * Which completed jobs a new job's identical conversion may be served from: the same
   * client's (`client`), or any client's (`global`; docs/api.md, "Safe retries, the result
   * cache and fairness", says why it is off).
   */
  CACHE_SCOPE: z.enum(['client', 'global'], { message: 'must be client or global' }).default('client'),
  /** Terminal jobs older than this many days are deleted with their outputs (0 keeps them forever). */
  JOB_RETENTION_DAYS: int(30, 0, 36_500),
  /** Submissions (POST /format) one client may make per minute; 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: int(0, 0, 1_000_000),
  /** The service's public address, for absolute links it gives out (a webhook whose outputs are too big links the job); unset: links are paths. */
  PUBLIC_URL: optionalBaseUrl(),
  /** Time a webhook receiver gets to answer one delivery attempt. */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 120_000),
  /** How long a failing webhook delivery keeps being retried (exponential backoff, at most an hour apart) before it is FAILED. */
  WEBHOOK_RETRY_SECONDS: int(86_400, 0, 30 * 86_400),
  /** Largest webhook body with the outputs in it; above it the outputs are left out and linked. */
  WEBHOOK_MAX_BODY_BYTES: int(MIB, 1024, 64 * MIB),
  /** Webhook deliveries one worker process sends at once. */
  WEBHOOK_CONCURRENCY: int(8, 1, 256),
  /** Threads per API process that render formats from stored documents (GET /job/{id}/formats/{name}); started when first needed. */
  RENDER_THREADS: int(1, 1, 64),
  /** Longest rendering from a stored document; its thread is stopped and the client told 503 RENDER_UNAVAILABLE. */
  RENDER_TIMEOUT_MS: int(30_000, 100, 600_000),
  /** Old-generation heap limit of a rendering thread. */
  RENDER_MAX_MEMORY_MB: int(512, 64, 65_536),
  /** Largest PDF, PNG or JPEG source a job keeps for its page images (GET /job/{id}/pages/{n}); 0 keeps none. */
  PAGE_SOURCE_MAX_BYTES: int(50 * MIB, 0, 4096 * MIB),
});

export type AppConfig = z.infer<typeof envSchema>;
