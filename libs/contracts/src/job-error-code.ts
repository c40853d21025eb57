/**
 * Why a job FAILED: the exact strings clients see in `error.code`. Documented in
 * docs/api.md ("Errors"); never rename one, only add.
 */
export const JobErrorCode = {
  URL_NOT_ALLOWED: 'URL_NOT_ALLOWED',
  DOWNLOAD_FAILED: 'DOWNLOAD_FAILED',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UNSUPPORTED_DOCUMENT_TYPE: 'UNSUPPORTED_DOCUMENT_TYPE',
  CORRUPT_DOCUMENT: 'CORRUPT_DOCUMENT',
  ENCRYPTED_DOCUMENT: 'ENCRYPTED_DOCUMENT',
  TOO_MANY_PAGES: 'TOO_MANY_PAGES',
  CONVERSION_TIMEOUT: 'CONVERSION_TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** The client cancelled the job (POST /job/{id}/cancel or DELETE /job/{id}). */
  CANCELLED: 'CANCELLED',
} as const;
export type JobErrorCode = (typeof JobErrorCode)[keyof typeof JobErrorCode];
