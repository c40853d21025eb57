/**
 * Child process of the throughput benchmark: pdf-parse `getText` (its public API with
 * default options, as its users call it) over the files named on the command line,
 * one after the other, after one untimed pass over the first (module loading and JIT
 * warm-up are not what is compared). Prints one JSON line: pages, seconds, cpuSeconds
 * (V8's helper threads included, which a lone process runs on the idle cores), the
 * Node version, and whether pdf-parse's bundle replaced built-ins on it.
 *
 * `--native-builtins` puts `Array.prototype.push` and `JSON.parse` back after pdf-parse
 * has loaded, as docformat does (libs/converters/src/readers/pdf/native-builtins.ts):
 * the core-js polyfills pdf.js bundles replace them on Nodes whose V8 lacks an edge
 * case, and the JavaScript `push` is slow. Without it, getText runs as pdf-parse ships.
 */
const nativeBuiltins = { push: Array.prototype.push, parse: JSON.parse };
// Loaded after the built-ins are captured, so that what pdf-parse's bundle does to them shows.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PDFParse } = require('pdf-parse') as typeof import('pdf-parse');
import { readFileSync } from 'node:fs';

const replacedBuiltins = Array.prototype.push !== nativeBuiltins.push || JSON.parse !== nativeBuiltins.parse;

async function getText(file: string): Promise<number> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  try {
    return (await parser.getText()).total;
  } finally {
    await parser.destroy();
  }
}

async function main(): Promise<void> {
  const restore = process.argv.includes('--native-builtins');
  const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (files.length === 0) throw new Error('no files given');
  if (restore) {
    Array.prototype.push = nativeBuiltins.push;
    JSON.parse = nativeBuiltins.parse;
  }
  await getText(files[files.length - 1]);
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let pages = 0;
  for (const file of files) pages += await getText(file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const result = { pages, seconds, cpuSeconds: (used.user + used.system) / 1e6, node: process.version, replacedBuiltins };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
