import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DocumentTruth } from '../truth';

/** The third-party benchmark's folder: `corpus/` holds the PDFs, `truth/` one JSON per PDF. */
export const THIRD_PARTY = join(__dirname, '..');

export function corpusPath(file: string): string {
  return join(THIRD_PARTY, 'corpus', file);
}

export function writeCorpusFile(file: string, data: Buffer): string {
  const path = corpusPath(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return path;
}

/** `truth/<file>.json`, keys in the interface's order so regenerated files diff cleanly. */
export function writeTruth(truth: DocumentTruth): void {
  const path = join(THIRD_PARTY, 'truth', `${truth.file}.json`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(truth, null, 2)}\n`);
}

/** Runs a maker's main when the file is the script run: any failure, thrown or rejected, prints its stack and exits 1. */
export function runMaker(main: () => void | Promise<void>): void {
  Promise.resolve()
    .then(main)
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
