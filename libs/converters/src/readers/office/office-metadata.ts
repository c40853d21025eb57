import type { DocumentMetadata } from '@docformat/contracts';

/** Namespaces the package formats share for their metadata. */
export const DC_NS = 'http://purl.org/dc/elements/1.1/';
export const DCTERMS_NS = 'http://purl.org/dc/terms/';

/**
 * `2024-03-15`, `2024-03-15T10:00:00Z` or with an offset → an ISO timestamp in UTC;
 * anything Date cannot read is dropped rather than guessed.
 */
export function isoDate(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d{4}-\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Drops fields without a value, as the other readers do. */
export function compactMetadata(metadata: DocumentMetadata): DocumentMetadata {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined && value !== ''));
}
