import type { FormatName, FormatOptions } from '@docformat/client';
import { InvalidArgumentError } from 'commander';
import { EXTENSIONS } from './output-files';

export const FORMAT_NAMES = Object.keys(EXTENSIONS) as FormatName[];

/** The options of `docformat convert`, as commander hands them over. */
export interface ConvertFlags {
  format?: FormatName[];
  out?: string;
  pages?: string;
  ocr?: 'auto' | 'force' | 'off';
  languages?: string[];
  pageMarkers?: boolean;
  tables?: 'markdown' | 'html';
  images?: 'placeholder' | 'referenced' | 'embedded';
  cache: boolean;
  maxTokens?: number;
  overlapTokens?: number;
  chunkStrategy?: 'heading' | 'size';
  concurrency: number;
}

/** `markdown,text` and repeated flags alike; each name checked. */
export function formatList(value: string, previous: FormatName[] = []): FormatName[] {
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !FORMAT_NAMES.includes(name as FormatName));
  if (unknown.length) throw new InvalidArgumentError(`unknown format ${unknown.join(', ')}; the formats are ${FORMAT_NAMES.join(', ')}.`);
  return [...previous, ...(names as FormatName[])];
}

export function wholeNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) throw new InvalidArgumentError(`a whole number from ${min} to ${max}.`);
    return number;
  };
}

/** The `format` options beside `type`, only those given (the API's defaults stand for the rest). */
export function formatOptions(flags: ConvertFlags): FormatOptions {
  const chunking = { maxTokens: flags.maxTokens, overlapTokens: flags.overlapTokens, strategy: flags.chunkStrategy };
  const options: FormatOptions = {
    pages: flags.pages,
    ocr: flags.ocr,
    languages: flags.languages,
    pageMarkers: flags.pageMarkers,
    tables: flags.tables,
    images: flags.images,
  };
  if (!flags.cache) options.cache = false;
  if (Object.values(chunking).some((value) => value !== undefined)) options.chunking = chunking as FormatOptions['chunking'];
  return JSON.parse(JSON.stringify(options)) as FormatOptions; // drops the undefined ones
}
