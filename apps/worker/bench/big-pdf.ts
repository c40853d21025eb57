/**
 * One big PDF on every core: converts one long PDF (default the 2,415-page R reference
 * manual from Debian's r-doc-pdf) through a real ConversionPool in this process, with
 * as many conversion threads as the worker's default (the CPU cores): once with
 * splitting off (the conversion runs in one thread), then in passes with long PDFs
 * split across the threads (split-conversion.ts). Prints per pass the wall time and
 * the process's CPU time, the ratio of the wall time to the single-thread one, the peak
 * RSS of this process (sampled every 50 ms; the threads are in it) beside its RSS as the
 * pass began, the parts and the threads they ran on, and whether the result is byte for
 * byte the single-thread one.
 *
 *   npm run build && npm run bench:big-pdf
 *   npm run bench:big-pdf -- --file x.pdf --formats text,markdown --passes 3 --tasks
 *   npm run bench:big-pdf -- --min-part-pages 64 --max-part-pages 512 --threads 2
 *
 * The threads run the built worker (`--dist DIR` for another build's root, `--sources`
 * for the TypeScript through @swc-node/register; from the sources each thread also holds
 * swc's compilation of pdf.js, about 100 MB of heap that the built worker, which imports
 * pdf.js natively, never has). The allocator is the process's: to measure as the Docker
 * image runs the worker, on jemalloc, start it with
 * LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 and the image's MALLOC_CONF.
 * `--tasks` lists each pass's tasks: when each ran on which thread (seconds from the
 * first task's start) and what its thread held after it. A report,
 * not a gate: exits 0 whatever the numbers, 1 only when a conversion fails.
 */
import { availableParallelism, loadavg } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { rssMb } from '@docformat/testing';
import { ConversionPool, DEFAULT_PDF_SPLIT, type PdfSplitSettings, type TaskRan } from '../src/conversion/conversion-pool';
import type { ConversionTaskInput, ConversionTaskSuccess } from '../src/conversion/conversion-task.types';

const REPO_ROOT = join(__dirname, '../../..');
const DEFAULT_FILE = '/usr/share/R/doc/manual/fullrefman.pdf';
const BUILT_TASK = 'apps/worker/src/conversion/conversion.task.js';
/** Pages of the file each thread converts before the passes (too few to be split). */
const WARM_UP_PAGES = 64;
const SAMPLE_EVERY_MS = 50;
/** The config's default CONVERSION_MAX_MEMORY_MB, and time enough for any machine. */
const MAX_MEMORY_MB = 1024;
const TIMEOUT_MS = 30 * 60 * 1000;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function numberOption(name: string, fallback: number): number {
  const value = option(name);
  return value === undefined ? fallback : Number(value);
}

interface Pass {
  label: string;
  seconds: number;
  /** CPU time of the process, all threads (V8's GC helpers included). */
  cpuSeconds: number;
  /** RSS as the pass began (the pool idle, its threads warm) and at its peak. */
  startRssMb: number;
  peakRssMb: number;
  tasks: TaskRan[];
  result: ConversionTaskSuccess;
}

/** One conversion with its wall and CPU time and this process's RSS, sampled while it runs (in threads). */
async function measured(label: string, convert: () => Promise<ConversionTaskSuccess>, tasks: TaskRan[]): Promise<Pass> {
  tasks.length = 0;
  const startRssMb = rssMb(process.pid);
  let peak = startRssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(process.pid))), SAMPLE_EVERY_MS);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const result = await convert();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    peak = Math.max(peak, rssMb(process.pid));
    return { label, seconds, cpuSeconds: (used.user + used.system) / 1e6, startRssMb, peakRssMb: peak, tasks: [...tasks], result };
  } finally {
    clearInterval(sampler);
  }
}

/** The built thread entry, unless --sources: then threads inherit this process's flags (-r @swc-node/register). */
function threadEntry(): { filename: string; execArgv: string[] } | undefined {
  const filename = resolve(option('--dist') ?? join(REPO_ROOT, 'dist/worker'), BUILT_TASK);
  return existsSync(filename) && !process.argv.includes('--sources') ? { filename, execArgv: [] } : undefined;
}

/**
 * A pool with every thread's pdf.js loaded and code paths compiled, as in a worker that
 * has run a few jobs: otherwise the first pass pays for a cold second thread, the
 * single-thread pass for only one.
 */
async function warmPool(
  threads: number,
  pdfSplit: PdfSplitSettings | false,
  task: ConversionTaskInput,
  tasks: TaskRan[],
): Promise<ConversionPool> {
  const pool = new ConversionPool({
    threads,
    maxMemoryMb: MAX_MEMORY_MB,
    timeoutMs: TIMEOUT_MS,
    pdfSplit,
    onTask: (event) => tasks.push(event),
    ...threadEntry(),
  });
  const start: ConversionTaskInput = { ...task, options: { pages: `1-${WARM_UP_PAGES}` } };
  await Promise.all(Array.from({ length: threads }, () => pool.convert(start)));
  return pool;
}

function documentTask(bytes: Buffer, formats: string[]): ConversionTaskInput {
  return { bytes, fileName: null, contentType: 'application/pdf', formats, maxPages: 100_000, options: {}, ocrParallelism: 1 };
}

/** Everything the job record would get, without which thread ran the last task. */
function comparable(result: ConversionTaskSuccess): string {
  const { thread: _thread, ...rest } = result;
  return JSON.stringify(rest);
}

function row(pass: Pass, single: Pass | undefined): string {
  const parts = pass.tasks.filter((task) => task.kind === 'pdf-part').length;
  const threads = new Set(pass.tasks.map((task) => task.threadId)).size;
  const ratio = single ? (pass.seconds / single.seconds).toFixed(2) : '1.00';
  const same = single ? (comparable(pass.result) === comparable(single.result) ? 'identical' : 'DIFFERENT') : 'reference';
  const tasks = parts > 0 ? `${parts} parts + assembly on ${threads} threads` : '1 task';
  return [
    pass.label.padEnd(13),
    `${pass.seconds.toFixed(1).padStart(6)} s (CPU ${pass.cpuSeconds.toFixed(1).padStart(5)} s)`,
    `ratio ${ratio}`,
    `RSS ${Math.round(pass.startRssMb).toString().padStart(4)} → peak ${Math.round(pass.peakRssMb).toString().padStart(4)} MB`,
    tasks.padEnd(34),
    same,
    `(load ${loadavg()[0].toFixed(2)})`,
  ].join('  ');
}

function taskLines(pass: Pass): string {
  const first = Math.min(...pass.tasks.map((ran) => ran.startedAt));
  const at = (ms: number) => `${((ms - first) / 1000).toFixed(2).padStart(6)} s`;
  return [...pass.tasks]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map(
      (ran) =>
        `  ${ran.kind.padEnd(13)} thread ${ran.threadId}: ${at(ran.startedAt)} → ${at(ran.startedAt + ran.ranMs)}, heap ${ran.heapMb} MB, external ${ran.externalMb} MB after it\n`,
    )
    .join('');
}

async function main(): Promise<void> {
  const file = option('--file') ?? DEFAULT_FILE;
  if (!existsSync(file)) {
    process.stdout.write(`${file} not found (Debian: apt-get install r-doc-pdf), or pass --file\n`);
    return;
  }
  const formats = (option('--formats') ?? 'markdown').split(',');
  const passes = numberOption('--passes', 3);
  const threads = numberOption('--threads', availableParallelism());
  const split: PdfSplitSettings = {
    minPartPages: numberOption('--min-part-pages', DEFAULT_PDF_SPLIT.minPartPages),
    maxPartPages: numberOption('--max-part-pages', DEFAULT_PDF_SPLIT.maxPartPages),
  };
  const bytes = readFileSync(file);
  const task = documentTask(bytes, formats);
  const allocator = process.env['LD_PRELOAD'] ? `LD_PRELOAD=${process.env['LD_PRELOAD']}` : 'glibc malloc';
  process.stdout.write(
    `${basename(file)} (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB) to ${formats.join(', ')}, ${threads} conversion threads, ` +
      `parts of ${split.minPartPages}-${split.maxPartPages} pages, threads from ${threadEntry()?.filename ?? 'the sources'}, ` +
      `allocator ${allocator}, load ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
  );
  const showTasks = process.argv.includes('--tasks');
  const tasks: TaskRan[] = [];

  // One pool at a time: a pool's threads keep what they grew, which would count in the other's RSS.
  const singlePool = await warmPool(threads, false, task, tasks);
  const single = await measured('single thread', () => singlePool.convert(task), tasks).finally(() => singlePool.close());
  process.stdout.write(`${row(single, undefined)}\n`);

  let splitRan = false;
  const splitPool = await warmPool(threads, split, task, tasks);
  try {
    for (let pass = 1; pass <= passes; pass++) {
      const measuredPass = await measured(`split pass ${pass}`, () => splitPool.convert(task), tasks);
      process.stdout.write(`${row(measuredPass, single)}\n${showTasks ? taskLines(measuredPass) : ''}`);
      splitRan ||= measuredPass.tasks.some((ran) => ran.kind === 'pdf-assemble');
    }
  } finally {
    await splitPool.close();
  }
  if (!splitRan)
    process.stdout.write(
      'no pass was split: the file is shorter than twice --min-part-pages, or the threads ran a build from before splitting (npm run build)\n',
    );
  const sizes = formats.map((format) => `${format} ${String(single.result.outputs[format]?.body ?? '').length.toLocaleString('en')} chars`);
  process.stdout.write(`pages ${single.result.pages}, output ${sizes.join(', ')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
