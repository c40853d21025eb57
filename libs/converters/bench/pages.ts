/**
 * Page-image speed (GET /job/{id}/pages/{n}): drawPage's milliseconds per page at 110
 * and 300 dpi as PNG, over the first pages of a real third-party PDF, beside poppler's
 * `pdftoppm -r <dpi> -png` on the same pages in the same run (one process per page
 * range, its start-up included, as a service shelling out to it would pay). Rounds
 * interleave the two; the median of each round's ratio is printed, which holds on a
 * busy machine. drawPage runs in this thread, loaded once before the first round (the
 * API's rendering threads stay loaded between requests too).
 *
 *   npm run bench:pages                         # gnuplot.pdf, pages 1-8, 3 rounds
 *   npm run bench:pages -- --file x.pdf --pages 4 --rounds 5
 *
 * A report, not a gate: exits 0 whatever the numbers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawPage } from '../src/page-images';

const DEFAULT_FILE = join(__dirname, 'third-party/corpus/debian/gnuplot-doc/gnuplot.pdf');
const RESOLUTIONS = [110, 300];

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function drawAll(bytes: Buffer, pages: number, dpi: number): Promise<number> {
  const started = performance.now();
  for (let page = 1; page <= pages; page++) {
    const drawn = await drawPage({ bytes, mimeType: 'application/pdf', page, dpi, format: 'png', maxPixels: 100_000_000 });
    if (!drawn.ok) throw new Error(drawn.message);
  }
  return (performance.now() - started) / pages;
}

function pdftoppm(file: string, pages: number, dpi: number): number {
  const out = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const started = performance.now();
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', String(pages), file, join(out, 'page')]);
  const perPage = (performance.now() - started) / pages;
  rmSync(out, { recursive: true, force: true });
  return perPage;
}

async function main(): Promise<void> {
  const file = option('file', DEFAULT_FILE);
  const pages = Number(option('pages', '8'));
  const rounds = Number(option('rounds', '3'));
  const bytes = readFileSync(file);
  await drawPage({ bytes, mimeType: 'application/pdf', page: 1, dpi: 36, format: 'png' }); // loads pdf.js and Skia
  process.stdout.write(`${file}: pages 1-${pages}, ${rounds} rounds, PNG\n`);
  for (const dpi of RESOLUTIONS) {
    const ours: number[] = [];
    const poppler: number[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await drawAll(bytes, pages, dpi));
      poppler.push(pdftoppm(file, pages, dpi));
    }
    const ratios = ours.map((ms, index) => ms / (poppler[index] as number));
    process.stdout.write(
      `${dpi} dpi: drawPage ${median(ours).toFixed(0)} ms/page, pdftoppm ${median(poppler).toFixed(0)} ms/page, ` +
        `ratio ${median(ratios).toFixed(2)} (drawPage / pdftoppm, median of rounds)\n`,
    );
  }
}

void main().then(() => process.exit(0));
