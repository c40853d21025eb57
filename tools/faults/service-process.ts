import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '../..');

export type LogLine = Record<string, unknown> & { event?: string; jobId?: string; level?: string };

/**
 * One built app (`node dist/...`) the suite can kill and start again. Its JSON log
 * lines are kept (for the exactly-once check) and written to a file.
 */
export class ServiceProcess {
  readonly logs: LogLine[] = [];
  private child?: ChildProcess;
  private readonly file: WriteStream;
  starts = 0;

  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    logPath: string,
  ) {
    this.file = createWriteStream(logPath, { flags: 'a' });
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    this.starts += 1;
    const child = spawn(process.execPath, [join(REPO_ROOT, this.script)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'], ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      this.file.write(chunk);
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.logs.push({ ...(JSON.parse(line) as LogLine), process: this.name, start: this.starts });
        } catch {
          // Not JSON: kept in the file only.
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => this.file.write(chunk));
    this.child = child;
  }

  /** Resolves once a log line matches (from the current start), or rejects after `timeoutMs`. */
  async waitForLog(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine> {
    const start = this.starts;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.logs.find((line) => line['start'] === start && match(line));
      if (found) return found;
      if (!this.running) throw new Error(`${this.name} exited (see its log)`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not log the expected line within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Jobs this start has begun but not finished (per its log). */
  inFlight(): string[] {
    const started = new Set<string>();
    for (const line of this.logs) {
      if (line['start'] !== this.starts || typeof line.jobId !== 'string') continue;
      if (line.event === 'job.started') started.add(line.jobId);
      if (['job.completed', 'job.failed', 'job.retrying', 'job.skipped', 'job.database_unavailable'].includes(line.event ?? '')) {
        started.delete(line.jobId);
      }
    }
    return [...started];
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async close(): Promise<void> {
    await this.kill('SIGKILL');
    await new Promise((resolve) => this.file.end(resolve));
  }
}
