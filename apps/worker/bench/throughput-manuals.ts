import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** One R manual from Debian's r-doc-pdf. */
export interface Manual {
  name: string;
  path: string;
  pages: number;
}

/** One copy of a manual: bytes of its own (see makeCopies), served and read from `path`. */
export interface ManualCopy {
  manual: Manual;
  copy: number;
  path: string;
}

const PACKAGE = 'r-doc-pdf';
/** pdfinfo counts pages; pdftotext is a baseline. */
const POPPLER = 'poppler-utils';

function installed(name: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes(
      'install ok installed',
    );
  } catch {
    return false;
  }
}

/** Installs what is missing, from Debian's own mirror through apt, as the issue describes. */
export function ensurePackages(log: (line: string) => void): void {
  const missing = [PACKAGE, POPPLER].filter((name) => !installed(name));
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt-get`);
  execFileSync('sh', ['-c', `apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`], { stdio: 'inherit' });
}

/** Page count from the PDF's page tree, as poppler's pdfinfo reads it. */
function pageCount(path: string): number {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`pdfinfo found no page count in ${path}`);
  return pages;
}

/**
 * Every distinct manual of r-doc-pdf, largest first. The package ships the reference
 * manual twice (refman.pdf and fullrefman.pdf: the same 2,415 pages, bytes that differ
 * only in the trailer's id) and symlinks under /usr/share/doc, so files are told apart
 * by real path, then by size and page count. `only` keeps the named ones (file names
 * without `.pdf`, e.g. `R-exts,R-intro`).
 */
export function findManuals(only: readonly string[] | undefined): Manual[] {
  const files = execFileSync('dpkg', ['-L', PACKAGE], { encoding: 'utf8' }).split('\n');
  const pdfs = [...new Set(files.filter((file) => file.endsWith('.pdf')).map((file) => realpathSync(file)))].sort();
  const distinct = new Map<string, Manual>();
  for (const path of pdfs) {
    const manual = { name: basename(path, '.pdf'), path, pages: pageCount(path) };
    const key = `${statSync(path).size}:${manual.pages}`;
    const kept = distinct.get(key);
    // Of two names for one manual, the longer is the more telling (fullrefman over refman).
    if (!kept || manual.name.length > kept.name.length) distinct.set(key, manual);
  }
  const all = [...distinct.values()];
  const manuals = all.filter((manual) => !only || only.includes(manual.name));
  const missing = (only ?? []).filter((name) => !manuals.some((manual) => manual.name === name));
  if (missing.length > 0)
    throw new Error(`no such manual in ${PACKAGE}: ${missing.join(', ')} (have ${all.map((manual) => manual.name).join(', ')})`);
  return manuals.sort((a, b) => b.pages - a.pages || a.name.localeCompare(b.name));
}

/**
 * `copies` copies of every manual in `dir`, each with bytes of its own: a PDF comment
 * after the final %%EOF naming the copy and a random id. Readers ignore it, but no
 * cache keyed on the URL or on the content could answer one copy with another's result.
 * Ordered largest first, copies interleaved, so that the longest jobs start first.
 */
export function makeCopies(manuals: readonly Manual[], copies: number, dir: string, tag: string): ManualCopy[] {
  const out: ManualCopy[] = [];
  for (const manual of manuals) {
    const original = readFileSync(manual.path);
    for (let copy = 1; copy <= copies; copy++) {
      const path = join(dir, `${tag}-${copy}-${manual.name}.pdf`);
      writeFileSync(
        path,
        Buffer.concat([original, Buffer.from(`\n% docformat throughput benchmark, ${tag} copy ${copy}, ${randomUUID()}\n`)]),
      );
      out.push({ manual, copy, path });
    }
  }
  return out;
}

export function totalPages(copies: readonly ManualCopy[]): number {
  return copies.reduce((sum, copy) => sum + copy.manual.pages, 0);
}
