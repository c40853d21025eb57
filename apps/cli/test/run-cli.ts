import { execFile } from 'node:child_process';
import { join } from 'node:path';

const LAUNCHER = join(__dirname, '../bin/docformat.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The built CLI through its launcher (what `npx docformat` runs), as a process of its
 * own with `env` on top of this one's: DOCFORMAT_URL and DOCFORMAT_TOKEN come from there.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [LAUNCHER, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
