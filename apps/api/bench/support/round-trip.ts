import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from '@docformat/testing';

/** A one-page document: short enough that fetching and converting it cost next to nothing. */
const ONE_PAGE = 'Round trip\n\nA one-page document for the API benchmark: submit, convert, poll.\n';

export interface Origin {
  url: string;
  close(): Promise<void>;
}

/** Serves the one-page text on 127.0.0.1 (the worker runs with FETCH_ALLOW_PRIVATE=true). */
export function startOnePageOrigin(): Promise<Origin> {
  return startOrigin('one-page.txt', Buffer.from(ONE_PAGE), 'text/plain; charset=utf-8');
}

/** Serves `body` as `name` on 127.0.0.1. */
export async function startOrigin(name: string, body: Buffer, contentType: string): Promise<Origin> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface RoundTripOptions {
  apiUrl: string;
  token: string;
  documentUrl: string;
  jobs: number;
  pollEveryMs: number;
  /**
   * Whether a job may complete from the result cache: false (every job converts, as a
   * user's new documents do), or true, for the path a repeated document takes.
   */
  cache: boolean;
  /** A single job taking longer than this fails the run. */
  jobTimeoutMs: number;
}

export interface RoundTrip {
  id: string;
  /** Wall-clock ms (Date.now) when the POST was sent and when COMPLETED was seen: comparable with log times. */
  sentAt: number;
  seenAt: number;
  /** Measured with the monotonic clock. */
  ms: number;
}

/**
 * Submits one-page jobs one at a time and polls each every `pollEveryMs` until
 * COMPLETED: when the POST went out and when COMPLETED was seen, per job.
 */
export async function measureRoundTrips(options: RoundTripOptions): Promise<RoundTrip[]> {
  const headers = { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' };
  const body = JSON.stringify({ file: options.documentUrl, format: { type: 'text', cache: options.cache } });
  const trips: RoundTrip[] = [];
  for (let i = 0; i < options.jobs; i++) {
    const sentAt = Date.now();
    const started = performance.now();
    const created = await fetch(`${options.apiUrl}/format`, { method: 'POST', headers, body });
    if (created.status !== 202) throw new Error(`POST /format answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    for (;;) {
      const polled = await fetch(`${options.apiUrl}/job/${id}`, { headers });
      const { status, error } = (await polled.json()) as { status: string; error: unknown };
      if (status === 'COMPLETED') break;
      if (status === 'FAILED') throw new Error(`round-trip job ${id} failed: ${JSON.stringify(error)}`);
      if (performance.now() - started > options.jobTimeoutMs)
        throw new Error(`round-trip job ${id} not COMPLETED after ${options.jobTimeoutMs} ms`);
      await sleep(options.pollEveryMs);
    }
    trips.push({ id, sentAt, seenAt: Date.now(), ms: performance.now() - started });
  }
  return trips;
}

/** The stages of a round trip, each from the end of the one before, as the API's and worker's log lines date them. */
export const STAGES = [
  ['saved and queued', 'job.created'],
  ['picked up and claimed', 'job.started'],
  ['fetched', 'job.fetched'],
  ['converted and stored', 'job.completed'],
] as const;

/**
 * Median milliseconds per stage of the round trips, from the log lines (JSON, ISO
 * times to the millisecond) of the API and the worker; the last stage runs to the
 * poll that saw COMPLETED.
 */
export function medianStages(trips: readonly RoundTrip[], logLines: readonly string[]): { stage: string; ms: number }[] {
  const times = new Map<string, Map<string, number>>();
  for (const line of logLines) {
    if (!line.includes('"jobId"')) continue;
    try {
      const entry = JSON.parse(line) as { jobId?: string; event?: string; time?: string };
      if (!entry.jobId || !entry.event || !entry.time) continue;
      const byEvent = times.get(entry.jobId) ?? new Map<string, number>();
      byEvent.set(entry.event, Date.parse(entry.time));
      times.set(entry.jobId, byEvent);
    } catch {
      // not a log line of ours
    }
  }
  const stages = [...STAGES.map(([stage]) => stage), 'seen by the poller'];
  const samples = stages.map(() => [] as number[]);
  for (const trip of trips) {
    const events = times.get(trip.id);
    const marks = [trip.sentAt, ...STAGES.map(([, event]) => events?.get(event)), trip.seenAt];
    if (marks.some((mark) => mark === undefined)) continue;
    for (let i = 0; i < stages.length; i++) (samples[i] as number[]).push((marks[i + 1] as number) - (marks[i] as number));
  }
  return stages.map((stage, i) => ({ stage, ms: percentile(samples[i] as number[], 50) }));
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
