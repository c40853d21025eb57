import {
  type ChunkingSettings,
  chunkingSettings,
  chunkingStrategyProblem,
  type FormatOptions,
  IMAGE_MODES,
  ImageMode,
  maxTokensProblem,
  overlapTokensProblem,
  TABLE_STYLES,
  TableStyle,
} from '@docformat/contracts';
import type { RenderOptionName } from '@docformat/converters/names';
import { type FieldError, validationFailed } from '../../http/problem.exception';

/** The render options in force for one request, and the key its rendering is cached under. */
export interface RenderRequest {
  options: { pageMarkers: boolean; tables: TableStyle; chunking: ChunkingSettings; images: ImageMode };
  /** `<format>` or `<format>?<name>=<value>&…`: the format with every option it reads, defaults filled in, in a fixed order. */
  key: string;
}

/** Query parameters per render option a format reads (its manifest's renderOptions). */
const PARAMETERS: Record<RenderOptionName, readonly string[]> = {
  pageMarkers: ['pageMarkers'],
  tables: ['tables'],
  chunking: ['maxTokens', 'overlapTokens', 'strategy'],
  images: ['images'],
};

/**
 * The options of GET /job/{id}/formats/{name}: the job's own (`format.pageMarkers`,
 * `format.tables`, `format.chunking` of a format job; the defaults for the rest), overridden by query
 * parameters. Without parameters a request asks for what the job itself rendered, so
 * a stored output answers it. A parameter the format does not read, a repeated one or
 * a wrong value is a 400 naming it.
 */
export function renderRequest(
  format: { name: string; renderOptions: readonly RenderOptionName[] },
  query: Record<string, unknown>,
  jobOptions: FormatOptions | null,
): RenderRequest {
  const accepted = format.renderOptions.flatMap((option) => PARAMETERS[option]);
  const errors: FieldError[] = [];
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!accepted.includes(name)) {
      const takes = accepted.length > 0 ? `its parameters are ${accepted.join(', ')}` : 'it takes no parameters';
      errors.push({ field: name, message: `${name} is not a parameter of the ${format.name} format; ${takes}` });
    } else if (typeof value !== 'string') errors.push({ field: name, message: `give ${name} once` });
    else given[name] = value;
  }
  const pageMarkers =
    given['pageMarkers'] === undefined ? (jobOptions?.pageMarkers ?? false) : booleanParameter('pageMarkers', given['pageMarkers'], errors);
  const tables = given['tables'] ?? jobOptions?.tables ?? TableStyle.MARKDOWN;
  if (given['tables'] !== undefined && !TABLE_STYLES.includes(given['tables'] as TableStyle))
    errors.push({ field: 'tables', message: `tables must be one of ${TABLE_STYLES.join(', ')} (got ${JSON.stringify(given['tables'])})` });
  const images = given['images'] ?? jobOptions?.images ?? ImageMode.PLACEHOLDER;
  if (given['images'] !== undefined && !IMAGE_MODES.includes(given['images'] as ImageMode))
    errors.push({ field: 'images', message: `images must be one of ${IMAGE_MODES.join(', ')} (got ${JSON.stringify(given['images'])})` });
  const base = chunkingSettings(jobOptions?.chunking);
  const maxTokens = given['maxTokens'] === undefined ? base.maxTokens : wholeNumber(given['maxTokens']);
  // The job's overlap shrinks to fit a smaller maxTokens given alone (at most half a chunk repeats).
  const overlapTokens =
    given['overlapTokens'] === undefined
      ? Math.min(base.overlapTokens, typeof maxTokens === 'number' ? Math.floor(maxTokens / 2) : base.overlapTokens)
      : wholeNumber(given['overlapTokens']);
  const strategy = given['strategy'] ?? base.strategy;
  check('maxTokens', maxTokensProblem(maxTokens), given, errors);
  check('overlapTokens', overlapTokensProblem(overlapTokens, maxTokens), given, errors);
  check('strategy', chunkingStrategyProblem(strategy), given, errors);
  if (errors.length > 0) throw validationFailed(errors);
  const options = {
    pageMarkers,
    tables: tables as TableStyle,
    chunking: { maxTokens, overlapTokens, strategy } as ChunkingSettings,
    images: images as ImageMode,
  };
  const values: Record<string, string | number | boolean> = { pageMarkers, tables, maxTokens, overlapTokens, strategy, images };
  const parameters = accepted.map((name) => `${name}=${encodeURIComponent(String(values[name]))}`);
  return { options, key: parameters.length > 0 ? `${format.name}?${parameters.join('&')}` : format.name };
}

/** A problem with a value the client gave counts; one with the job's own value cannot happen (the API validated it). */
function check(name: string, problem: string | null, given: Record<string, string>, errors: FieldError[]): void {
  if (problem !== null && given[name] !== undefined) errors.push({ field: name, message: `${name} ${problem}` });
}

function booleanParameter(name: string, value: string, errors: FieldError[]): boolean {
  if (value !== 'true' && value !== 'false')
    errors.push({ field: name, message: `${name} must be true or false (got ${JSON.stringify(value)})` });
  return value === 'true';
}

/** A whole number as written, else the text itself (so the problem message quotes it). */
function wholeNumber(value: string): number | string {
  return /^\d{1,9}$/.test(value) ? Number(value) : value;
}
