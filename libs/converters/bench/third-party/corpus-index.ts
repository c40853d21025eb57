import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { halfOf, type Half } from './split';
import type { DocumentTruth } from './truth';

export const THIRD_PARTY_ROOT = __dirname;
const TRUTH_DIR = join(THIRD_PARTY_ROOT, 'truth');
const CORPUS_DIR = join(THIRD_PARTY_ROOT, 'corpus');

export interface CorpusEntry {
  truth: DocumentTruth;
  /** Absolute path of the PDF. */
  path: string;
  half: Half;
}

function truthFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return truthFiles(path);
    return name.endsWith('.pdf.json') ? [path] : [];
  });
}

/** Every document with a truth file, in path order; a truth naming a PDF that is not there is an error, not a silent gap. */
export function loadCorpus(): CorpusEntry[] {
  return truthFiles(TRUTH_DIR)
    .sort()
    .map((truthPath) => {
      const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as DocumentTruth;
      const expected = relative(TRUTH_DIR, truthPath).replace(/\.json$/, '');
      if (truth.file !== expected) throw new Error(`${truthPath}: "file" is ${truth.file}, expected ${expected}`);
      const path = join(CORPUS_DIR, truth.file);
      statSync(path);
      return { truth, path, half: halfOf(truth.file) };
    });
}
