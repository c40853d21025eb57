import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Condition, isCondition } from './score';

/** One scan, as listed in `scans/manifest.json` (written by make-scans.sh), paths resolved. */
export interface Scan {
  name: string;
  condition: Condition;
  /** Absolute path of the image-only PDF or the image. */
  file: string;
  /** Absolute path of the truth: pdftotext of the same pages of the original PDF. */
  truth: string;
  /** The born-digital corpus PDF the scan was made from, and its pages. */
  source: string;
  sourcePages: number[];
  /** Clockwise rotation applied to the page image, in degrees. */
  rotation: number;
}

interface RawScan {
  name?: unknown;
  condition?: unknown;
  file?: unknown;
  truth?: unknown;
  source?: unknown;
  sourcePages?: unknown;
  rotation?: unknown;
}

/** Reads and checks the manifest; throws when it is missing or malformed. */
export function loadScans(manifestPath: string): Scan[] {
  const base = dirname(manifestPath);
  const raw = JSON.parse(readFileSync(manifestPath, 'utf8')) as unknown;
  if (!Array.isArray(raw) || raw.length === 0) throw new Error(`${manifestPath} lists no scans`);
  return raw.map((entry: RawScan, index) => {
    const { name, condition, file, truth, source, sourcePages, rotation } = entry;
    if (typeof name !== 'string' || typeof file !== 'string' || typeof truth !== 'string' || typeof source !== 'string') {
      throw new Error(`${manifestPath}: entry ${index} needs name, file, truth and source`);
    }
    if (typeof condition !== 'string' || !isCondition(condition)) throw new Error(`${name}: unknown condition ${String(condition)}`);
    if (!Array.isArray(sourcePages) || sourcePages.length === 0 || !sourcePages.every((page) => Number.isInteger(page))) {
      throw new Error(`${name}: sourcePages must list page numbers`);
    }
    return {
      name,
      condition,
      file: resolve(base, file),
      // The truth folder sits beside scans/.
      truth: resolve(base, '..', 'truth', truth),
      source,
      sourcePages: sourcePages as number[],
      rotation: typeof rotation === 'number' ? rotation : 0,
    };
  });
}
