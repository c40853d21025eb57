import { execFile, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ManualCopy, totalPages } from './throughput-manuals';

const run = promisify(execFile);
const REPO_ROOT = join(__dirname, '../../..');

export interface Rate {
  pages: number;
  seconds: number;
  /** CPU time used, every thread of the processes counted, where measured. */
  cpuSeconds?: number;
}

export function pagesPerSecond(rate: Rate): number {
  return rate.pages / rate.seconds;
}

/** getText's rate, with the Node it ran on and whether pdf-parse's bundle replaced built-ins there. */
export interface GetTextRate extends Rate {
  node: string;
  replacedBuiltins: boolean;
}

/**
 * pdf-parse getText in a process of its own (throughput-get-text.ts), over every copy
 * one after the other: the single-process speed of the engine the pipeline builds on.
 * Its own process, because pdf.js's bundles replace built-ins of whatever loads them;
 * `nativeBuiltins` puts them back, as docformat does, to show what that alone is worth.
 */
export async function getTextSingleProcess(copies: readonly ManualCopy[], nativeBuiltins = false): Promise<GetTextRate> {
  const { stdout } = await run(
    process.execPath,
    [
      '-r',
      '@swc-node/register',
      join(__dirname, 'throughput-get-text.ts'),
      ...(nativeBuiltins ? ['--native-builtins'] : []),
      ...copies.map((copy) => copy.path),
    ],
    {
      cwd: REPO_ROOT,
      // Inline source maps: the default installs source-map-support in the measured process.
      env: { ...process.env, SWC_NODE_PROJECT: join(REPO_ROOT, 'tsconfig.base.json'), SWC_NODE_SOURCE_MAP_MODE: 'inline' },
      maxBuffer: 1024 * 1024,
    },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as GetTextRate;
  if (result.pages !== totalPages(copies)) throw new Error(`getText read ${result.pages} pages, the manuals have ${totalPages(copies)}`);
  return result;
}

/** The installed pdftotext's version (it prints it to stderr), or undefined when there is none. */
export function pdftotextVersion(): string | undefined {
  const result = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  return /pdftotext version (\S+)/.exec(`${result.stdout ?? ''}${result.stderr ?? ''}`)?.[1];
}

/**
 * poppler's pdftotext (reading-order mode, UTF-8, output discarded) over every copy,
 * `parallel` processes at a time: 1 for single-process, the core count for all cores.
 */
export async function pdftotext(copies: readonly ManualCopy[], parallel: number): Promise<Rate> {
  const queue = [...copies];
  const started = process.hrtime.bigint();
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await run('pdftotext', ['-q', '-enc', 'UTF-8', next.path, '/dev/null']);
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  return { pages: totalPages(copies), seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
