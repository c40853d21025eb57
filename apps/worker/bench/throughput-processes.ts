import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { peakRssMb, resetPeakRss, sleep } from '@docformat/testing';

const REPO_ROOT = join(__dirname, '../../..');

/**
 * A built app (`node dist/…/main.js`) started by the benchmark: its output goes to a
 * log file, its JSON log lines are watched for the events the benchmark waits on.
 */
export class BuiltApp {
  private readonly child: ChildProcess;
  private readonly events: Array<Record<string, unknown>> = [];
  private exited = false;

  constructor(
    readonly name: string,
    script: string,
    env: NodeJS.ProcessEnv,
    logPath: string,
    nodeFlags: readonly string[] = [],
  ) {
    const log = createWriteStream(logPath);
    this.child = spawn(process.execPath, [...nodeFlags, join(REPO_ROOT, script)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const parsed: unknown = JSON.parse(line);
          // Only the lines the benchmark reads are kept: a long run logs a line per job.
          const event = parsed && typeof parsed === 'object' ? (parsed as { event?: unknown }).event : undefined;
          if (event === 'worker.started' || event === 'worker.share') this.events.push(parsed as Record<string, unknown>);
        } catch {
          // Not JSON: in the file only.
        }
      }
    });
    this.child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    this.child.once('exit', () => {
      this.exited = true;
      log.end();
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} did not start`);
    return this.child.pid;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Resolves with the first `event` log line, or rejects when the app exits or `timeoutMs` passes. */
  async waitForEvent(event: string, timeoutMs: number): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((line) => line['event'] === event);
      if (found) return found;
      if (this.exited) throw new Error(`${this.name} exited before logging ${event} (see its log)`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not log ${event} within ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }

  /** Conversions a worker runs at once by its latest word (worker.started, then worker.share as workers join and leave). */
  concurrency(): number | undefined {
    const latest = this.events.findLast((line) => line['event'] === 'worker.started' || line['event'] === 'worker.share');
    return latest === undefined ? undefined : Number(latest['concurrency']);
  }

  /** SIGTERM (the apps shut down gracefully), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * The peak RSS of some processes per phase of the run: the kernel's high-water mark
 * (VmHWM, threads included), read at the end of a phase and started over at the next
 * (resetPeakRss), so no peak between two readings is missed.
 */
export class PeakRss {
  constructor(private readonly processes: ReadonlyArray<{ name: string; pid: number }>) {
    for (const { pid } of processes) {
      if (!resetPeakRss(pid)) throw new Error(`cannot reset the peak RSS of process ${pid} (/proc/${pid}/clear_refs)`);
    }
  }

  /** Each process's peak since the last call (or since construction), then starts over. */
  takePeaks(): Map<string, number> {
    const peaks = new Map(this.processes.map(({ name, pid }) => [name, peakRssMb(pid)] as const));
    for (const { pid } of this.processes) resetPeakRss(pid);
    return peaks;
  }
}
