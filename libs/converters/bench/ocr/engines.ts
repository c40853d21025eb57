import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { OcrMode, isJobFailure } from '@docformat/contracts';
import { convertDocument } from '../../src/convert';
import { textOutputs } from '../../src/testing/convert-text';
import type { Scan } from './manifest';
import { parseTesseractTsv } from './score';

/** What one engine made of one scan. A failure scores as empty output. */
export interface EngineOutput {
  text: string;
  /** Mean word confidence (0-100) and the pages it covers, when the engine reports one. */
  confidence?: { mean: number; pages: number };
  failure?: string;
  detail?: string;
}

export interface Engine {
  /** Name and version for the table. */
  label: string;
  /** null when installed; otherwise the reason, shown instead of scores. */
  unavailable: string | null;
  /** Whether it recognises text in images (pdftotext only reads a text layer). */
  ocr: boolean;
  reads(scan: Scan): boolean;
  /** Cores the engine can keep busy on this scan, for pages per second per core. */
  cores(scan: Scan): number;
  run(scan: Scan): Promise<EngineOutput>;
}

/** Only a guard against a hung process; a page takes seconds. */
const EXTERNAL_TIMEOUT_MS = 120_000;
const MAX_PAGES = 10_000;

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): string {
  return execFileSync(command, args, {
    encoding: 'utf8',
    timeout: EXTERNAL_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
}

function versionOf(command: string, args: string[], pattern: RegExp): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  return pattern.exec(`${result.stdout}\n${result.stderr}`)?.[1] ?? '';
}

function messageOf(error: unknown): string {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') return `exit ${error.status}`;
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

const isPdf = (scan: Scan) => scan.file.endsWith('.pdf');

/**
 * docformat's public entry, as the worker calls it, with OCR forced. Pages are OCR'd
 * up to `parallelism` at a time, so a scan keeps min(parallelism, pages) cores busy.
 */
export function docformat(parallelism: number): Engine {
  return {
    label: `docformat (ocr force, ${parallelism} engine${parallelism > 1 ? 's' : ''})`,
    unavailable: null,
    ocr: true,
    reads: () => true,
    cores: (scan) => Math.min(parallelism, scan.sourcePages.length),
    async run(scan) {
      const bytes = readFileSync(scan.file);
      const fileName = basename(scan.file);
      try {
        const result = textOutputs(
          await convertDocument({
            bytes,
            fileName,
            formats: ['text'],
            maxPages: MAX_PAGES,
            options: { ocr: OcrMode.FORCE },
            ocrParallelism: parallelism,
          }),
        );
        const text = result.outputs.text;
        // Without result.ocr no page went through OCR: the engine is missing or skipped the scan.
        if (!result.ocr) return { text, failure: 'no OCR ran' };
        return { text, confidence: { mean: result.ocr.meanConfidence, pages: result.ocr.pages.length } };
      } catch (error) {
        if (isJobFailure(error))
          return {
            text: '',
            failure: error.code,
            detail: [error.message, error.cause ? messageOf(error.cause) : ''].filter(Boolean).join(': '),
          };
        return { text: '', failure: 'crash', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
    },
  };
}

/**
 * The tesseract CLI (Debian tesseract-ocr) on the page images pulled out of the scan
 * with pdfimages: a speed and accuracy reference. One thread (OMP_THREAD_LIMIT=1) and
 * pages one after another, so it uses exactly one core. `--psm 1` adds orientation
 * detection to the default page segmentation, which the rotated scans need.
 */
export function tesseractCli(): Engine {
  const version = versionOf('tesseract', ['--version'], /tesseract v?([\d.]+)/);
  const pdfimages = versionOf('pdfimages', ['-v'], /pdfimages version ([\d.]+)/);
  const unavailable = version === null ? 'not installed' : pdfimages === null ? 'no pdfimages' : null;
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  return {
    label: version ? `tesseract ${version} CLI (1 thread)` : 'tesseract CLI',
    unavailable,
    ocr: true,
    reads: () => true,
    cores: () => 1,
    async run(scan) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-ocr-'));
      try {
        let images = [scan.file];
        if (isPdf(scan)) {
          // -all keeps each image in its own encoding (JPEG stays JPEG): no re-encoding loss.
          run('pdfimages', ['-all', scan.file, join(dir, 'page')]);
          images = readdirSync(dir)
            .sort()
            .map((name) => join(dir, name));
        }
        const texts: string[] = [];
        const confidences: number[] = [];
        for (const image of images) {
          const page = parseTesseractTsv(run('tesseract', [image, 'stdout', '--psm', '1', 'tsv'], env));
          texts.push(page.text);
          if (page.meanConfidence !== null) confidences.push(page.meanConfidence);
        }
        const mean = confidences.reduce((sum, value) => sum + value, 0) / (confidences.length || 1);
        return { text: texts.join('\n\f'), ...(confidences.length > 0 ? { confidence: { mean, pages: confidences.length } } : {}) };
      } catch (error) {
        return { text: '', failure: `tesseract ${messageOf(error)}` };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** pdftotext on the scanned PDF: there is no text layer, so this shows ~0 words. */
export function pdftotext(): Engine {
  const version = versionOf('pdftotext', ['-v'], /pdftotext version ([\d.]+)/);
  return {
    label: version ? `pdftotext ${version} (text layer)` : 'pdftotext',
    unavailable: version === null ? 'not installed' : null,
    ocr: false,
    reads: isPdf,
    cores: () => 1,
    async run(scan) {
      try {
        return { text: run('pdftotext', ['-enc', 'UTF-8', scan.file, '-']) };
      } catch (error) {
        return { text: '', failure: `pdftotext ${messageOf(error)}` };
      }
    },
  };
}
