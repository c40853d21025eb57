import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Orientation and script detection data: installed beside the languages, not one of them. */
export const OSD_DATA = 'osd';

/**
 * The traineddata flavour OCR loads. `4.0.0_best_int` (integerised tessdata_best, LSTM
 * only) read as well as `4.0.0` (tessdata, LSTM + legacy) on every fixture and the
 * dense 300 dpi test page (word F1 1.000 both) while its English file is 3 MB instead
 * of 11 MB, so a worker starts in ~0.24 s instead of ~0.43 s. OSD needs the legacy
 * engine, whose data is only in `4.0.0`.
 */
export const LANGUAGE_MODEL = '4.0.0_best_int';
export const OSD_MODEL = '4.0.0';

const SCOPE = '@tesseract.js-data';
let cachedRoot: string | null | undefined;

/**
 * The `node_modules/@tesseract.js-data` folder Node's resolution would find from here:
 * the same lookup works from the sources (tests) and from the built app in dist.
 */
export function ocrDataRoot(): string | null {
  if (cachedRoot === undefined) {
    const candidates = require.resolve.paths(SCOPE) ?? [];
    cachedRoot = candidates.map((dir) => join(dir, SCOPE)).find((dir) => existsSync(dir)) ?? null;
  }
  return cachedRoot;
}

/** Absolute path of one data file (`<code>.traineddata.gz`), or null when not installed. */
export function traineddataFile(code: string, model = LANGUAGE_MODEL): string | null {
  const root = ocrDataRoot();
  if (!root || !/^[a-z_]+$/i.test(code)) return null;
  const file = join(root, code, model, `${code}.traineddata.gz`);
  return existsSync(file) ? file : null;
}

/**
 * Tesseract language codes OCR can use, sorted: one per installed `@tesseract.js-data/<code>`
 * package that carries the model we load. Synchronous and cheap (one directory listing,
 * no tesseract.js) because the API validates `format.languages` with it.
 */
export function installedOcrLanguages(): string[] {
  // Installed packages do not change while the process runs: list them once, not per request.
  installed ??= listInstalledLanguages();
  return [...installed];
}

let installed: readonly string[] | undefined;

function listInstalledLanguages(): string[] {
  const root = ocrDataRoot();
  if (!root) return [];
  return readdirSync(root)
    .filter((code) => code !== OSD_DATA && traineddataFile(code) !== null)
    .sort();
}
