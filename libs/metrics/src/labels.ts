import { JobErrorCode } from '@docformat/contracts';

/**
 * Label values stay few (each one is a time series in Prometheus), so anything not
 * from a known, short list is folded into one value.
 */
export const OTHER_LABEL = 'other';

/** What `code` becomes for a failure code this version does not know (an old row). */
export const OTHER_ERROR_CODE = 'OTHER';

const KNOWN_ERROR_CODES: ReadonlySet<string> = new Set(Object.values(JobErrorCode));

/**
 * The `input` label: the usual extension of the identified MIME type
 * (`pdf`, `docx`, `txt`, …), a bounded list; `other` when the type has none.
 */
export function inputLabel(extension: string | null | undefined): string {
  return extension && /^[a-z0-9]{1,10}$/.test(extension) ? extension : OTHER_LABEL;
}

/** The `code` label: a documented JobErrorCode, or OTHER. */
export function errorCodeLabel(code: string): string {
  return KNOWN_ERROR_CODES.has(code) ? code : OTHER_ERROR_CODE;
}

/**
 * The `formats` label of a job: its requested formats, de-duplicated, sorted and
 * joined with commas (`markdown,text`). The API validates names against the format
 * registry, so this is bounded by that registry's combinations.
 */
export function formatsLabel(formats: readonly string[]): string {
  const names = [...new Set(formats)].filter((name) => /^[a-z0-9_-]{1,32}$/.test(name)).sort();
  return names.length > 0 ? names.join(',') : OTHER_LABEL;
}
