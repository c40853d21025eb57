import { isOutputFormat, outputFormatNames } from '@docformat/converters/names';
import type { ValidationOptions } from 'class-validator';
import { validatedBy } from './problem-validator';

/** Why a value is not a valid format selection, or null. Names come from the converters' registry. */
export function formatSelectionProblem(value: unknown): string | null {
  const known = outputFormatNames().join(', ');
  const names = Array.isArray(value) ? value : [value];
  if (names.length === 0) return `must name at least one format (${known})`;
  for (const name of names) {
    if (typeof name !== 'string') return `must be a format name or an array of format names (${known})`;
    if (!isOutputFormat(name)) return `must be one of ${known} (got "${name}")`;
  }
  return null;
}

/** A registered output format name, or a non-empty array of them. */
export const IsFormatSelection = (options?: ValidationOptions) => validatedBy('isFormatSelection', formatSelectionProblem, options);
