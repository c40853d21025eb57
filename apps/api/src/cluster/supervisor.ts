/** What the supervisor needs of a worker process (node:cluster's Worker has it). */
export interface SupervisedWorker {
  readonly process: { readonly pid?: number; kill(signal?: NodeJS.Signals): boolean };
}

/** The outside world of the supervisor, so its decisions can be tested without forking. */
export interface SupervisorHost<W extends SupervisedWorker> {
  fork(): W;
  exit(code: number): void;
  schedule(run: () => void, ms: number): { cancel(): void };
  now(): number;
  log(level: 'info' | 'warn' | 'error', fields: Record<string, unknown> & { event: string }): void;
}

export interface SupervisorOptions {
  processes: number;
  /** After SIGTERM, how long workers get to finish their requests before SIGKILL. */
  stopGraceMs: number;
}

/** Crashes further apart than this are not a crash loop. */
const CRASH_WINDOW_MS = 60_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Delay before restarting a crashed worker, given how many crashed within the last
 * minute (this one included): the first at once, then 0.5 s, 1 s, 2 s … up to 30 s,
 * so a worker that dies on every request cannot turn the primary into a fork loop.
 */
export function restartDelayMs(recentCrashes: number): number {
  if (recentCrashes <= 1) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (recentCrashes - 2));
}

/**
 * The primary of `API_PROCESSES` API processes: keeps that many running,
 * restarts one that dies after it was serving, and stops them all on a signal.
 * A worker that dies before it ever listened failed to start (bad settings, no
 * database, a queue prefix of another deployment): starting it again would fail
 * the same way, so everything stops and the primary exits 1, as a single
 * process would.
 */
export class ApiSupervisor<W extends SupervisedWorker> {
  private readonly workers = new Set<W>();
  private readonly serving = new WeakSet<W>();
  private readonly restarts = new Set<{ cancel(): void }>();
  private crashes: number[] = [];
  private stopping = false;
  private exitCode = 0;
  private killTimer?: { cancel(): void };

  constructor(
    private readonly host: SupervisorHost<W>,
    private readonly options: SupervisorOptions,
  ) {}

  get size(): number {
    return this.workers.size;
  }

  start(): void {
    for (let i = 0; i < this.options.processes; i++) this.spawn();
    this.host.log('info', { event: 'api.cluster_started', processes: this.options.processes });
  }

  /** The worker's server is accepting connections. */
  listening(worker: W): void {
    this.serving.add(worker);
  }

  exited(worker: W, code: number | null, signal: string | null): void {
    if (!this.workers.delete(worker)) return;
    const pid = worker.process.pid;
    if (this.stopping) {
      if (this.workers.size === 0) this.finish();
      return;
    }
    if (!this.serving.has(worker)) {
      this.host.log('error', { event: 'api.worker_failed_to_start', pid, code, signal });
      this.exitCode = 1;
      this.stop('SIGTERM');
      return;
    }
    const now = this.host.now();
    this.crashes = [...this.crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    const delay = restartDelayMs(this.crashes.length);
    this.host.log('warn', { event: 'api.worker_exited', pid, code, signal, restartInMs: delay });
    const restart = this.host.schedule(() => {
      this.restarts.delete(restart);
      if (!this.stopping) this.spawn();
    }, delay);
    this.restarts.add(restart);
  }

  /** First signal: SIGTERM to every worker (they finish what they serve), SIGKILL after the grace. Second: SIGKILL now. */
  stop(signal: NodeJS.Signals): void {
    if (this.stopping) {
      this.host.log('warn', { event: 'api.stopping_now', signal });
      for (const worker of this.workers) worker.process.kill('SIGKILL');
      return;
    }
    this.stopping = true;
    for (const restart of this.restarts) restart.cancel();
    this.restarts.clear();
    this.host.log('info', { event: 'api.stopping', signal, processes: this.workers.size });
    if (this.workers.size === 0) {
      this.finish();
      return;
    }
    for (const worker of this.workers) worker.process.kill('SIGTERM');
    this.killTimer = this.host.schedule(() => {
      this.host.log('warn', { event: 'api.stop_grace_exceeded', graceMs: this.options.stopGraceMs, processes: this.workers.size });
      for (const worker of this.workers) worker.process.kill('SIGKILL');
    }, this.options.stopGraceMs);
  }

  private spawn(): void {
    this.workers.add(this.host.fork());
  }

  private finish(): void {
    this.killTimer?.cancel();
    this.host.log('info', { event: 'api.stopped', code: this.exitCode });
    this.host.exit(this.exitCode);
  }
}
