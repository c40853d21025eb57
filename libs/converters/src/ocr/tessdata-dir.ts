import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readlinkSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobFailure } from '@docformat/contracts';
import { ocrDataRoot, traineddataFile } from './languages';

const prepared = new Map<string, string>();

/**
 * tesseract.js reads every language of a worker from ONE folder (`<langPath>/<code>.traineddata.gz`),
 * but each language is its own npm package. So we give it a folder of symlinks into
 * the packages: no copy of the data, nothing written by tesseract (cacheMethod 'none'),
 * and a local path, so its CDN default is never used. The folder name is derived from
 * the data root, so concurrent threads and later runs share it.
 */
export function tessdataDir(codes: readonly string[], model: string): string {
  const root = ocrDataRoot() ?? '';
  const dir = join(tmpdir(), `docformat-tessdata-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`, model);
  for (const code of codes) {
    const key = `${dir}/${code}`;
    if (prepared.has(key)) continue;
    const source = traineddataFile(code, model);
    if (!source) throw new JobFailure('INTERNAL_ERROR', `OCR data for the language "${code}" is not installed.`); // the API validated the list
    mkdirSync(dir, { recursive: true });
    link(source, join(dir, `${code}.traineddata.gz`));
    prepared.set(key, dir);
  }
  return dir;
}

function link(source: string, target: string): void {
  try {
    if (readlinkSync(target) === source) return;
  } catch {
    // missing (or a plain file): (re)create below
  }
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    symlinkSync(source, temporary);
  } catch {
    copyFileSync(source, temporary); // file systems without symlinks
  }
  // rename is atomic: another thread never sees a half-made link
  renameSync(temporary, target);
}
