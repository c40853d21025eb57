import { Client } from 'pg';

/** The channel the `jobs` triggers announce on (migration 20261126000000_job_events). */
export const JOB_EVENTS_CHANNEL = 'docformat_job_events';
/** The channel a running job's progress is announced on (migration 20261201000000_job_progress). */
export const JOB_PROGRESS_CHANNEL = 'docformat_job_progress';

/** Reconnection delays after the listening connection is lost: 0.25 s doubling to 5 s. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export interface JobEventsLogger {
  warn(fields: Record<string, unknown>): void;
  log(fields: Record<string, unknown>): void;
}

/**
 * What a listener hears: a job reached COMPLETED or FAILED or was deleted (`job`), a
 * running job's pages done changed (`progress`: it still runs), or the connection came
 * back after a gap in which events may have been missed (`resync`: every listener
 * should look again at whatever it waits for).
 */
export type JobEvent = { kind: 'job'; jobId: string } | { kind: 'progress'; jobId: string } | { kind: 'resync' };

/** How a wait ended: the job's end (`event`), its progress (when asked for), a resync, the time-out or the signal. */
export type JobWaitOutcome = 'event' | 'progress' | 'resync' | 'timeout' | 'aborted';

export interface JobWaitOptions {
  /** Also end the wait when the job's progress changes; otherwise progress is not heard. */
  progress?: boolean;
}

/**
 * One process's ear on Postgres: a dedicated connection (LISTEN cannot go through a
 * pool, and Prisma has no LISTEN) that hears the job triggers' NOTIFYs (ends and
 * progress), sent at commit by whichever process wrote the job, on this machine or
 * another. Listeners are
 * called synchronously and must not throw. When the connection drops (Postgres
 * restarting), it reconnects by itself with backoff and then tells every listener to
 * resync, since NOTIFYs sent meanwhile are lost.
 */
export class JobEvents {
  private client: Client | undefined;
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private connectedOnce = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger?: JobEventsLogger,
  ) {}

  /** Connects and listens; resolves once listening, or at once (retrying in the background) if Postgres is down. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether events are being heard right now (false while reconnecting). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves when `jobId` has an event (with `options.progress`, a progress event
   * too), on a resync, or after `timeoutMs`, whichever is first; `signal` ends the wait
   * early. Subscribe before reading the row the wait is about (`waitFor` returns the
   * promise at once, already subscribed), so an event that lands between the read and
   * the wait is not missed.
   */
  waitFor(jobId: string, timeoutMs: number, signal?: AbortSignal, options: JobWaitOptions = {}): Promise<JobWaitOutcome> {
    return new Promise((resolve) => {
      const finish = (outcome: JobWaitOutcome) => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => finish('aborted');
      const unsubscribe = this.subscribe((event) => {
        if (event.kind === 'resync') finish('resync');
        else if (event.jobId !== jobId) return;
        else if (event.kind === 'job') finish('event');
        else if (options.progress) finish('progress');
      });
      const timer = setTimeout(() => finish('timeout'), Math.max(0, timeoutMs));
      if (signal?.aborted) finish('aborted');
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'docformat-job-events' });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === JOB_EVENTS_CHANNEL) this.emit({ kind: 'job', jobId: message.payload });
      else if (message.channel === JOB_PROGRESS_CHANNEL) this.emit({ kind: 'progress', jobId: message.payload });
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
      await client.query(`LISTEN ${JOB_PROGRESS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.scheduleReconnect(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.connectedOnce) {
      this.logger?.log({ event: 'job_events.reconnected' });
      this.emit({ kind: 'resync' });
    }
    this.connectedOnce = true;
  }

  private lost(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.closed) return;
    // Whatever was announced while we were away is lost: waiters look again now and after reconnecting.
    this.emit({ kind: 'resync' });
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown): void {
    if (this.closed) return;
    this.logger?.warn({
      event: 'job_events.disconnected',
      reason: error instanceof Error ? error.message : String(error),
      retryInMs: this.retryMs,
    });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  private emit(event: JobEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
