/** A step that undoes something a script set up (a process, a server, a directory). */
export type CleanupStep = () => Promise<void> | void;

export interface ScriptRun {
  /** Steps run in reverse order when the script ends, however it ends. */
  readonly cleanups: CleanupStep[];
}

const out = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs a benchmark's or suite's `main` as a process that always ends by itself and
 * leaves nothing behind: clean-up steps run on success, on an error, on SIGINT or
 * SIGTERM, and when the hard limit passes (exit 1). The exit code is main's.
 */
export function runScript(name: string, hardLimitMs: number, main: (run: ScriptRun) => Promise<number>): void {
  const run: ScriptRun = { cleanups: [] };
  const cleanup = async () => {
    for (const step of run.cleanups.splice(0).reverse())
      await Promise.resolve()
        .then(step)
        .catch(() => undefined);
  };
  const finish = (code: number) => void cleanup().finally(() => process.exit(code));
  const hardLimit = setTimeout(() => {
    out(`${name}: FAILED: not finished within ${Math.round(hardLimitMs / 1000)} s; cleaning up`);
    finish(1);
  }, hardLimitMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => finish(130));
  main(run).then(
    (code) => {
      clearTimeout(hardLimit);
      finish(code);
    },
    (error: unknown) => {
      clearTimeout(hardLimit);
      out(`${name}: FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      finish(1);
    },
  );
}
