/**
 * Child process of the throughput benchmark: pdf-parse `getText` (its public API with
 * default options, as its users call it) over the files named on the command line,
 * one after the other, after one untimed pass over the first (module loading and JIT
 * warm-up are not what is compared). Prints `{"pages":…,"seconds":…,"cpuSeconds":…}`: the
 * CPU time counts V8's helper threads, which a lone process runs on the idle cores.
 */
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';

async function getText(file: string): Promise<number> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  try {
    return (await parser.getText()).total;
  } finally {
    await parser.destroy();
  }
}

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (files.length === 0) throw new Error('no files given');
  await getText(files[files.length - 1]);
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let pages = 0;
  for (const file of files) pages += await getText(file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  process.stdout.write(`${JSON.stringify({ pages, seconds, cpuSeconds: (used.user + used.system) / 1e6 })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
