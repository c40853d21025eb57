import { OCR_LANGUAGES_AUTO, parsePageRanges } from '@docformat/contracts';
import { installedOcrLanguages } from '@docformat/converters/names';
import type { ValidationOptions } from 'class-validator';
import { validatedBy } from './problem-validator';

/** Why `format.languages` is neither a list of installed OCR languages nor `["auto"]`, or null. */
export function ocrLanguagesProblem(value: unknown): string | null {
  const installed = installedOcrLanguages();
  if (!Array.isArray(value) || value.length === 0 || value.some((code) => typeof code !== 'string')) {
    return `must be a non-empty array of language codes such as ["eng","deu"], or ["auto"] (installed: ${installed.join(', ')})`;
  }
  if (value.includes(OCR_LANGUAGES_AUTO)) {
    return value.every((code) => code === OCR_LANGUAGES_AUTO) ? null : `may hold "auto" only alone: ["auto"]`;
  }
  const unknown = [...new Set(value as string[])].filter((code) => !installed.includes(code));
  if (unknown.length === 0) return null;
  return `names language${unknown.length > 1 ? 's' : ''} that ${unknown.length > 1 ? 'are' : 'is'} not installed: ${unknown.join(', ')} (installed: ${installed.join(', ')})`;
}

/** Why `format.pages` is not a page-range list, or null. */
export function pageRangesProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string of pages and ranges such as "1-3,7"';
  const parsed = parsePageRanges(value);
  return typeof parsed === 'string' ? parsed : null;
}

/** `path` names the object holding the option in messages: `format` (POST /format) or `options` (POST /extract). */
export const IsOcrLanguages = (options?: ValidationOptions, path = 'format') =>
  validatedBy('isOcrLanguages', ocrLanguagesProblem, options, path);
export const IsPageRanges = (options?: ValidationOptions, path = 'format') => validatedBy('isPageRanges', pageRangesProblem, options, path);
