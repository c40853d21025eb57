import { DOCUMENTS, type Origin } from './origin';

const FORMAT_MIX: string[][] = [['text'], ['markdown'], ['text', 'markdown']];

export interface AcceptedJob {
  id: string;
  formats: string[];
  document: string;
  /** 202, or 503 QUEUE_UNAVAILABLE carrying the id of the saved job. */
  answer: number;
}

export interface TrafficReport {
  submitted: number;
  accepted: AcceptedJob[];
  /** "status code" → count, for every answer (POST and GET). */
  statuses: Record<string, number>;
  /** Requests that got no HTTP answer (the API was down). */
  unreachable: number;
  /** Every 500 (or other 5xx but 503), with what was asked. */
  serverErrors: { request: string; status: number; body: string }[];
  polls: number;
}

/**
 * A steady stream of submissions (mixed documents and formats) plus polls of jobs
 * already accepted, as a client pipeline would do, through every fault.
 */
export class Traffic {
  readonly report: TrafficReport = { submitted: 0, accepted: [], statuses: {}, unreachable: 0, serverErrors: [], polls: 0 };
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly origin: Origin,
  ) {}

  start(submitEveryMs: number, pollEveryMs: number): void {
    this.loops = [this.every(submitEveryMs, () => this.submit()), this.every(pollEveryMs, () => this.poll())];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async every(ms: number, action: () => Promise<void>): Promise<void> {
    const pending = new Set<Promise<void>>();
    while (!this.stopped) {
      // Not awaited: a slow answer (the API restarting) must not slow the stream down.
      const p = action().finally(() => pending.delete(p));
      pending.add(p);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await Promise.all(pending);
  }

  private async submit(): Promise<void> {
    const n = this.report.submitted++;
    const document = DOCUMENTS[n % DOCUMENTS.length]?.path as string;
    const formats = FORMAT_MIX[Math.floor(n / DOCUMENTS.length) % FORMAT_MIX.length] as string[];
    const body = JSON.stringify({ file: this.origin.url(document), format: { type: formats.length === 1 ? formats[0] : formats } });
    const answer = await this.request('POST /format', '/format', { method: 'POST', body });
    if (!answer) return;
    const id = typeof answer.json?.['id'] === 'string' ? answer.json['id'] : answer.json?.['jobId'];
    if ((answer.status === 202 || answer.status === 503) && typeof id === 'string') {
      this.report.accepted.push({ id, formats, document, answer: answer.status });
    }
  }

  private async poll(): Promise<void> {
    const accepted = this.report.accepted;
    if (accepted.length === 0) return;
    const job = accepted[Math.floor(Math.random() * accepted.length)] as AcceptedJob;
    this.report.polls += 1;
    await this.request('GET /job/{id}', `/job/${job.id}`, { method: 'GET' });
  }

  private async request(name: string, path: string, init: { method: string; body?: string }) {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      this.report.unreachable += 1;
      return null;
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500 && res.status !== 503)
      this.report.serverErrors.push({ request: name, status: res.status, body: text.slice(0, 500) });
    let json: Record<string, unknown> | null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    const key = `${name} ${res.status}${typeof json?.['code'] === 'string' ? ` ${json['code']}` : ''}`;
    this.report.statuses[key] = (this.report.statuses[key] ?? 0) + 1;
    return { status: res.status, json };
  }
}
