/** A JSON value: what a JSON output's body holds. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One rendered output of a job. Text formats (markdown, text) have a string body; a
 * format with a JSON media type has a JSON value, stored as JSON and returned as the
 * value itself in `formats.<name>` (never a string holding JSON).
 */
export interface RenderedOutput {
  /** As the format declares it, e.g. `text/markdown; charset=utf-8` or `application/json`. */
  mediaType: string;
  body: JsonValue;
}

/** `application/json` and the `+json` types: bodies stored and returned as JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}
