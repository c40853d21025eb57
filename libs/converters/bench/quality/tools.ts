import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isJobFailure } from '@docformat/contracts';
import { convertDocument } from '../../src/convert';
import { textOutputs } from '../../src/testing/convert-text';
import type { CorpusDocument } from './manifest';
import type { ToolOutput } from './score';

/** A tool's output for one document, or why there is none. */
export type ToolResult = { ok: true; output: ToolOutput } | { ok: false; failure: string; detail?: string };

export interface Tool {
  /** Name and version for the table. */
  label: string;
  /** null when installed; otherwise what the table shows in its metric cells. */
  unavailable: string | null;
  /** Whether the tool gets a row for this file format at all. */
  handles(format: string): boolean;
  /** Whether the installed tool can read the format; false prints "no reader". */
  reads(format: string): boolean;
  convert(doc: CorpusDocument): Promise<ToolResult>;
}

/** Long enough for any corpus document; only a guard against a hung process. */
const EXTERNAL_TIMEOUT_MS = 120_000;
const MAX_PAGES = 10_000;

function run(command: string, args: string[]): string {
  return execFileSync(command, args, {
    encoding: 'utf8',
    timeout: EXTERNAL_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function versionOf(command: string, args: string[], pattern: RegExp): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  return pattern.exec(`${result.stdout}\n${result.stderr}`)?.[1] ?? '';
}

function failureOf(error: unknown): string {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') return `exit ${error.status}`;
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

/** docformat itself: the worker's code path, the type detected as the worker does. */
export const docformat: Tool = {
  label: 'docformat',
  unavailable: null,
  handles: () => true,
  reads: () => true,
  async convert(doc) {
    const bytes = readFileSync(doc.file);
    const fileName = basename(doc.file);
    try {
      const result = textOutputs(await convertDocument({ bytes, fileName, formats: ['text', 'markdown'], maxPages: MAX_PAGES }));
      return { ok: true, output: { text: result.outputs.text, markdown: result.outputs.markdown } };
    } catch (error) {
      if (isJobFailure(error)) {
        const failure = error.code === 'UNSUPPORTED_DOCUMENT_TYPE' ? 'unsupported' : error.code;
        return { ok: false, failure, detail: [error.message, error.cause ? failureOf(error.cause) : ''].filter(Boolean).join(': ') };
      }
      return { ok: false, failure: `crash: ${failureOf(error)}` };
    }
  },
};

/** pandoc's reader for each corpus format that some pandoc version reads. */
const PANDOC_FORMATS: Readonly<Record<string, string>> = {
  md: 'markdown',
  docx: 'docx',
  odt: 'odt',
  rtf: 'rtf',
  epub: 'epub',
  html: 'html',
  csv: 'csv',
  pptx: 'pptx',
  xlsx: 'xlsx',
};

export function pandoc(): Tool {
  const version = versionOf('pandoc', ['--version'], /pandoc(?:\.exe)?\s+([\d.]+)/);
  const inputs = version === null ? new Set<string>() : new Set(run('pandoc', ['--list-input-formats']).split(/\s+/));
  return {
    label: version ? `pandoc ${version}` : 'pandoc',
    unavailable: version === null ? 'not installed' : null,
    handles: (format) => format in PANDOC_FORMATS,
    reads: (format) => inputs.has(PANDOC_FORMATS[format]),
    async convert(doc) {
      const common = ['-f', PANDOC_FORMATS[doc.format], '--wrap=none', doc.file];
      try {
        const markdown = run('pandoc', ['-t', 'gfm', '--markdown-headings=atx', ...common]);
        const text = run('pandoc', ['-t', 'plain', ...common]);
        return { ok: true, output: { text, markdown } };
      } catch (error) {
        return { ok: false, failure: `pandoc ${failureOf(error)}` };
      }
    },
  };
}

/** The installed pdftotext's version; null when it is missing. */
export function pdftotextVersion(): string | null {
  return versionOf('pdftotext', ['-v'], /pdftotext version ([\d.]+)/);
}

/** pdftotext's UTF-8 text of a PDF, in reading order or with `-layout`; throws as the process fails. */
export function pdftotextOf(file: string, options: { layout?: boolean } = {}): string {
  return run('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
}

/**
 * pdftotext in its default (reading order) mode, or with `-layout`, which keeps the
 * page's physical layout: table columns stay aligned but columns of text are
 * interleaved line by line, so it is a second baseline, not a better one.
 */
export function pdftotext(options: { layout?: boolean } = {}): Tool {
  const version = pdftotextVersion();
  const name = options.layout ? 'pdftotext -layout' : 'pdftotext';
  return {
    label: version ? `${name} ${version}` : name,
    unavailable: version === null ? 'not installed' : null,
    handles: (format) => format === 'pdf',
    reads: (format) => format === 'pdf',
    async convert(doc) {
      try {
        return { ok: true, output: { text: pdftotextOf(doc.file, options) } };
      } catch (error) {
        return { ok: false, failure: `pdftotext ${failureOf(error)}` };
      }
    },
  };
}
