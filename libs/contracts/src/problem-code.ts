/**
 * Machine-readable `code` of every RFC 9457 problem the API answers with. The HTTP
 * status says how bad; the code says what to fix.
 */
export const ProblemCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  /** A multipart/form-data body that cannot be read as a form. */
  MALFORMED_MULTIPART: 'MALFORMED_MULTIPART',
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  QUEUE_UNAVAILABLE: 'QUEUE_UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** 409: the job is COMPLETED or FAILED already, so it cannot be cancelled. */
  JOB_FINISHED: 'JOB_FINISHED',
  /** 422: an Idempotency-Key already names a job made for a different request (within 24 hours). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 429: the client passed RATE_LIMIT_PER_MINUTE submissions. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** 409: the job is not COMPLETED (yet, or ever: FAILED), so it has no outputs to give. */
  JOB_NOT_COMPLETED: 'JOB_NOT_COMPLETED',
  /** 409: the job completed before documents were stored, so a format it did not store cannot be rendered. */
  DOCUMENT_NOT_STORED: 'DOCUMENT_NOT_STORED',
  /** 503: the API's rendering threads are all busy, or a rendering took longer than RENDER_TIMEOUT_MS. */
  RENDER_UNAVAILABLE: 'RENDER_UNAVAILABLE',
  /** 409: the job's source bytes are not kept (above PAGE_SOURCE_MAX_BYTES, or gone), so its pages cannot be drawn. */
  SOURCE_NOT_KEPT: 'SOURCE_NOT_KEPT',
  /** 422: the job's source type has no pages to draw (only PDFs and PNG/JPEG images have). */
  NO_PAGE_IMAGES: 'NO_PAGE_IMAGES',
  /** 404: the page asked for is not in the document. */
  PAGE_OUT_OF_RANGE: 'PAGE_OUT_OF_RANGE',
  /** 422: the kept source could not be opened to draw the page (a damaged file). */
  SOURCE_UNREADABLE: 'SOURCE_UNREADABLE',
  /** 422: the page drawn at the dpi asked for would have more pixels than a drawing may (MAX_IMAGE_PIXELS). */
  PAGE_TOO_LARGE: 'PAGE_TOO_LARGE',
  /** 404: the job kept no picture of that number (GET /job/{id}/images/{n}). */
  IMAGE_NOT_FOUND: 'IMAGE_NOT_FOUND',
  /** 403: a signed image URL whose signature does not hold, or whose expiry has passed. */
  IMAGE_URL_INVALID: 'IMAGE_URL_INVALID',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ProblemCode = (typeof ProblemCode)[keyof typeof ProblemCode];
