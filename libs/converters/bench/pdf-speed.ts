/**
 * PDF pipeline speed in one process: `convertDocument` pages/s for text and for
 * markdown against pdf-parse `getText` (the engine the pipeline builds on: its public
 * API, default options) on the same file, in the same run, so that the ratios hold on
 * a busy machine. Each of the three runs in a worker thread of its own, as conversions
 * do in the worker's pool: pdf.js's bundles replace built-ins of the thread that loads
 * them (see src/readers/pdf/native-builtins.ts), so sharing a thread would let one
 * side's set-up change the other's speed. Rounds interleave the three, one at a time;
 * ratios are taken within each round (the same file, a few seconds apart) and their
 * median is printed, which holds up better than best-of on a shared machine. Pages
 * per CPU-second are printed beside pages per second.
 *
 * getText runs twice: as pdf-parse ships (its bundle's core-js replaces
 * `Array.prototype.push` and `JSON.parse` on Nodes whose V8 lacks an edge case, and the
 * JavaScript `push` is slow), and with the native built-ins put back after it loads,
 * as docformat does: so a reader sees how much of a ratio that alone makes. The Node
 * version and whether the bundle replaced them are printed.
 *
 *   npm run bench:pdf                                   # R-exts.pdf, 3 rounds
 *   npm run bench:pdf -- --file some.pdf --rounds 5 --only markdown
 *
 * Profile one of them in this process, without threads:
 *   SWC_NODE_PROJECT=tsconfig.base.json node --cpu-prof -r @swc-node/register \
 *     libs/converters/bench/pdf-speed.ts --inline text --rounds 3
 *
 * A report, not a gate: exits 0 whatever the numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { convertDocument } from '../src';

/** The thread's built-ins before pdf-parse is loaded (this module loads first). */
const NATIVE_BUILTINS = { push: Array.prototype.push, parse: JSON.parse };

const DEFAULT_FILE = '/usr/share/R/doc/manual/R-exts.pdf';
const RUNNERS = ['getText', 'getText-native', 'text', 'markdown'] as const;
type RunnerName = (typeof RUNNERS)[number];

const LABELS: Record<RunnerName, string> = {
  getText: 'pdf-parse getText',
  'getText-native': 'getText, native push',
  text: 'convertDocument text',
  markdown: 'convertDocument markdown',
};

/** pdf-parse's public CommonJS entry, as its users load it; `native` puts the built-ins its bundle replaced back. */
function loadPdfParse(native: boolean): typeof import('pdf-parse') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the public CommonJS entry, as a user of pdf-parse loads it
  const module = require('pdf-parse') as typeof import('pdf-parse');
  replacedBuiltins = Array.prototype.push !== NATIVE_BUILTINS.push || JSON.parse !== NATIVE_BUILTINS.parse;
  if (native) {
    Array.prototype.push = NATIVE_BUILTINS.push;
    JSON.parse = NATIVE_BUILTINS.parse;
  }
  return module;
}

/** Whether loading pdf-parse replaced built-ins in this thread (known once it has loaded). */
let replacedBuiltins: boolean | undefined;

/** One conversion of the file; resolves to its page count. */
async function runOnce(name: RunnerName, bytes: Buffer): Promise<number> {
  if (name === 'getText' || name === 'getText-native') {
    const { PDFParse } = loadPdfParse(name === 'getText-native');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      return (await parser.getText()).total;
    } finally {
      await parser.destroy();
    }
  }
  // As the worker's threads call it, one format per job.
  return (await convertDocument({ bytes, contentType: 'application/pdf', formats: [name], maxPages: 100_000 })).pages;
}

interface Measurement {
  pages: number;
  seconds: number;
  cpuSeconds: number;
  replacedBuiltins?: boolean;
}

async function measure(name: RunnerName, bytes: Buffer): Promise<Measurement> {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const pages = await runOnce(name, bytes);
  const used = process.cpuUsage(cpu);
  return { pages, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds: (used.user + used.system) / 1e6, replacedBuiltins };
}

/** Thread side: load, warm up with one untimed pass, then run on request. */
function serve(): void {
  const { name, file } = workerData as { name: RunnerName; file: string };
  const bytes = readFileSync(file);
  const port = parentPort;
  if (!port) return;
  port.on('message', (message: 'warm' | 'run') => {
    const work = message === 'warm' ? runOnce(name, bytes).then(() => undefined) : measure(name, bytes);
    work.then(
      (result) => port.postMessage({ ok: true, result }),
      (error: unknown) => port.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}

class Runner {
  private readonly worker: Worker;

  constructor(
    readonly name: RunnerName,
    file: string,
  ) {
    // The thread inherits this process's flags (-r @swc-node/register) and environment.
    this.worker = new Worker(__filename, { workerData: { name, file } });
  }

  request<T>(message: 'warm' | 'run'): Promise<T> {
    return new Promise((resolve, reject) => {
      this.worker.once('message', (reply: { ok: boolean; result?: T; error?: string }) =>
        reply.ok ? resolve(reply.result as T) : reject(new Error(reply.error)),
      );
      this.worker.once('error', reject);
      this.worker.postMessage(message);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function selected(): RunnerName[] {
  const only = option('--only')?.split(',');
  return RUNNERS.filter((name) => !only || only.includes(name));
}

function line(label: string, m: Measurement): string {
  return `${label.padEnd(26)} ${String(m.pages).padStart(5)} pages in ${m.seconds.toFixed(2).padStart(6)} s = ${(m.pages / m.seconds).toFixed(1).padStart(6)} pages/s, ${(m.pages / m.cpuSeconds).toFixed(1).padStart(6)} pages/CPU-s`;
}

async function main(): Promise<void> {
  const file = option('--file') ?? DEFAULT_FILE;
  if (!existsSync(file)) throw new Error(`${file} is missing (Debian: apt-get install r-doc-pdf)`);
  const rounds = Number(option('--rounds') ?? 3);
  const inline = option('--inline') as RunnerName | undefined;
  if (inline) {
    // In this thread, for --cpu-prof: one warm-up, then the rounds.
    const bytes = readFileSync(file);
    await runOnce(inline, bytes);
    for (let round = 1; round <= rounds; round++)
      process.stdout.write(`round ${round}  ${line(LABELS[inline], await measure(inline, bytes))}\n`);
    return;
  }
  const runners = selected().map((name) => new Runner(name, file));
  try {
    for (const runner of runners) await runner.request('warm');
    const all = new Map<RunnerName, Measurement[]>(runners.map((runner) => [runner.name, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const runner of runners) {
        const m = await runner.request<Measurement>('run');
        process.stdout.write(`round ${round}  ${line(LABELS[runner.name], m)}\n`);
        all.get(runner.name)?.push(m);
      }
    }
    // Medians, and ratios taken within each round (measured minutes apart, rounds drift with the machine's load).
    const replaced = all.get('getText')?.[0]?.replacedBuiltins;
    process.stdout.write(
      `\n${basename(file)} on Node ${process.version} (pdf-parse's bundle ${replaced === undefined ? 'not loaded' : replaced ? 'replaced push and JSON.parse' : 'left push and JSON.parse native'}), ` +
        `medians of ${rounds} rounds; ratios to getText per round, then their median (pages/s, pages/CPU-s):\n`,
    );
    const engine = all.get('getText');
    for (const [name, ms] of all) {
      const rate = median(ms.map((m) => m.pages / m.seconds));
      const cpuRate = median(ms.map((m) => m.pages / m.cpuSeconds));
      const ratio =
        engine && name !== 'getText'
          ? `  ${median(ms.map((m, i) => (m.seconds === 0 ? 0 : engine[i].seconds / m.seconds))).toFixed(2)} × / ${median(ms.map((m, i) => engine[i].cpuSeconds / m.cpuSeconds)).toFixed(2)} ×`
          : '';
      process.stdout.write(
        `  ${LABELS[name].padEnd(26)} ${rate.toFixed(1).padStart(6)} pages/s, ${cpuRate.toFixed(1).padStart(6)} pages/CPU-s${ratio}\n`,
      );
    }
  } finally {
    await Promise.all(runners.map((runner) => runner.close()));
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

if (isMainThread) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`bench:pdf: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  serve();
}
