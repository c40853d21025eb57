/**
 * Big-table benchmark: converts a 100,000 × 10 CSV and the same table as XLSX to
 * markdown and to text, each in a fresh worker thread set up like the worker's
 * conversion threads (a resourceLimits heap cap), and prints seconds and memory per
 * run; then a CSV of MAX_FILE_BYTES, which must convert or fail with FILE_TOO_LARGE,
 * never take the thread down. Exits 1 when a target is missed.
 *
 *   npm run bench:tables
 *
 * Memory: the thread's heap cap is the budget (300 MB old generation), so a run that
 * needed more dies with ERR_WORKER_OUT_OF_MEMORY and is reported as such. Peak heap
 * is the larger of the thread's used heap sampled after each stage and its committed
 * heap at the end (V8 keeps what it grew to for a while, so that is the high-water
 * mark); RSS is the whole process's, sampled every 25 ms from this (main) thread,
 * which keeps running while the conversion thread is busy.
 */
import { getHeapStatistics } from 'node:v8';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { convertDocument } from '../src/convert';

/**
 * Rows including the header: 100,000 × 10 is 1,000,000 cells, the most the CSV and
 * spreadsheet readers accept (MAX_CSV_CELLS, MAX_SPREADSHEET_CELLS).
 */
const ROWS = 100_000;
const COLUMNS = 10;
/** The targets of the brief: per conversion. */
const MAX_SECONDS = 10;
const MAX_HEAP_MB = 300;
/** MAX_FILE_BYTES' default (libs/config). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** CONVERSION_MAX_MEMORY_MB's default, for the MAX_FILE_BYTES run: what production threads get. */
const PRODUCTION_HEAP_MB = 1024;

const MB = 1024 * 1024;
const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Job {
  label: string;
  bytes: Uint8Array;
  mimeType: string;
  format: string;
  heapMb: number;
}

interface ThreadReport {
  ok: boolean;
  code?: string;
  message?: string;
  seconds: number;
  outputChars: number;
  peakUsedMb: number;
  committedMb: number;
}

interface RunResult extends ThreadReport {
  label: string;
  format: string;
  rssPeakMb: number;
  crashed?: string;
}

/** Cell text like a typical export: ids, names, amounts, dates, a flag, a comment with a pipe now and then. */
function cell(row: number, column: number): string {
  switch (column) {
    case 0:
      return String(row + 1);
    case 1:
      return `Customer ${(row * 7919) % 100_000}`;
    case 2:
      return (((row * 31) % 100_000) / 100).toFixed(2);
    case 3:
      return `2024-${String((row % 12) + 1).padStart(2, '0')}-${String((row % 28) + 1).padStart(2, '0')}`;
    case 4:
      return row % 2 === 0 ? 'yes' : 'no';
    case 5:
      return row % 97 === 0 ? 'a | b' : `note ${row % 1000}`;
    default:
      return `c${column}r${row % 10_000}`;
  }
}

/** A header and then data rows, `rows` in all. */
function tableRows(rows: number): string[][] {
  const out: string[][] = [Array.from({ length: COLUMNS }, (_, c) => `Column ${c + 1}`)];
  for (let r = 0; r < rows - 1; r++) out.push(Array.from({ length: COLUMNS }, (_, c) => cell(r, c)));
  return out;
}

function csvOf(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(rows.map((row) => row.join(',')).join('\n') + '\n');
}

function xlsxOf(rows: string[][]): Buffer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bench's only use of SheetJS
  const XLSX = require('@e965/xlsx') as typeof import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A CSV of exactly `bytes` bytes: whole rows of the benchmark table, padded by the last one. */
function csvOfSize(bytes: number): Buffer {
  const lines: string[] = [tableRows(1)[0].join(',')];
  let size = lines[0].length + 1;
  for (let r = 0; size < bytes; r++) {
    const line = Array.from({ length: COLUMNS }, (_, c) => cell(r, c)).join(',');
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n').subarray(0, bytes);
}

function runInThread(job: Job): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const base = process.memoryUsage().rss;
    let rssPeak = base;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 25);
    const worker = new Worker(__filename, {
      workerData: { bytes: job.bytes, mimeType: job.mimeType, format: job.format },
      execArgv: process.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: job.heapMb },
    });
    const done = (report: ThreadReport, crashed?: string) => {
      clearInterval(sampler);
      resolve({ ...report, label: job.label, format: job.format, rssPeakMb: (rssPeak - base) / MB, ...(crashed ? { crashed } : {}) });
    };
    worker.once('message', (report: ThreadReport) => {
      done(report);
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      // The thread is gone, and its numbers with it: the time is what it took to die.
      done(
        { ok: false, seconds: (performance.now() - started) / 1000, outputChars: 0, peakUsedMb: 0, committedMb: 0 },
        error.code ?? error.message,
      );
    });
  });
}

/** Inside the thread: convert once, report. */
async function convertHere(): Promise<void> {
  const { bytes, mimeType, format } = workerData as { bytes: Uint8Array; mimeType: string; format: string };
  let peakUsed = getHeapStatistics().used_heap_size;
  const started = performance.now();
  let report: ThreadReport;
  try {
    const result = await convertDocument({
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      contentType: mimeType,
      formats: [format],
      maxPages: 2000,
    });
    peakUsed = Math.max(peakUsed, getHeapStatistics().used_heap_size);
    report = { ok: true, seconds: 0, outputChars: String(result.outputs[format].body).length, peakUsedMb: 0, committedMb: 0 };
  } catch (error) {
    const failure = error as { code?: string; message?: string };
    report = { ok: false, code: failure.code, message: failure.message, seconds: 0, outputChars: 0, peakUsedMb: 0, committedMb: 0 };
  }
  const heap = getHeapStatistics();
  report.seconds = (performance.now() - started) / 1000;
  report.peakUsedMb = Math.max(peakUsed, heap.used_heap_size) / MB;
  report.committedMb = heap.total_heap_size / MB;
  parentPort?.postMessage(report);
}

function line(result: RunResult): string {
  const outcome = result.crashed
    ? `CRASHED (${result.crashed})`
    : result.ok
      ? `${(result.outputChars / MB).toFixed(1)} MB out`
      : `failed ${result.code}`;
  const heap = Math.max(result.peakUsedMb, result.committedMb);
  return `${result.label.padEnd(28)} ${result.format.padEnd(9)} ${result.seconds.toFixed(2).padStart(6)} s   heap ${heap.toFixed(0).padStart(4)} MB   rss +${result.rssPeakMb.toFixed(0).padStart(4)} MB   ${outcome}`;
}

async function main(): Promise<number> {
  const rows = tableRows(ROWS);
  const csv = csvOf(rows);
  const xlsx = xlsxOf(rows);
  const big = csvOfSize(MAX_FILE_BYTES);
  process.stdout.write(
    `inputs: CSV ${ROWS.toLocaleString('en-US')} × ${COLUMNS} = ${(csv.length / MB).toFixed(1)} MB, XLSX ${(xlsx.length / MB).toFixed(1)} MB, big CSV ${(big.length / MB).toFixed(0)} MB\n`,
  );
  process.stdout.write(`targets: ≤ ${MAX_SECONDS} s and ≤ ${MAX_HEAP_MB} MB heap per run (the thread's heap cap is ${MAX_HEAP_MB} MB)\n\n`);
  let failures = 0;
  for (const [label, bytes, mimeType] of [
    [`CSV ${ROWS / 1000}k × ${COLUMNS}`, csv, CSV_TYPE],
    [`XLSX ${ROWS / 1000}k × ${COLUMNS}`, xlsx, XLSX_TYPE],
  ] as const) {
    for (const format of ['markdown', 'text']) {
      const result = await runInThread({ label, bytes, mimeType, format, heapMb: MAX_HEAP_MB });
      const heap = Math.max(result.peakUsedMb, result.committedMb);
      const met = result.ok && !result.crashed && result.seconds <= MAX_SECONDS && heap <= MAX_HEAP_MB;
      if (!met) failures++;
      process.stdout.write(`${line(result)}${met ? '' : '   ← target missed'}\n`);
    }
  }
  // At MAX_FILE_BYTES with the production heap cap: a clean answer either way, never an OOM.
  for (const format of ['markdown', 'text']) {
    const result = await runInThread({
      label: `CSV ${(big.length / MB).toFixed(0)} MB (MAX_FILE_BYTES)`,
      bytes: big,
      mimeType: CSV_TYPE,
      format,
      heapMb: PRODUCTION_HEAP_MB,
    });
    const clean = !result.crashed && (result.ok || result.code === 'FILE_TOO_LARGE');
    if (!clean) failures++;
    process.stdout.write(`${line(result)}${clean ? '' : '   ← not a clean answer'}\n`);
  }
  process.stdout.write(failures === 0 ? '\nall targets met\n' : `\n${failures} target(s) missed\n`);
  return failures === 0 ? 0 : 1;
}

if (isMainThread) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`bench:tables: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  void convertHere();
}
