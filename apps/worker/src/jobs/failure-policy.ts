import { isJobFailure, JobErrorCode, type JobErrorCode as ErrorCode } from '@docformat/contracts';
import { isDatabaseUnavailable } from '@docformat/db';
import { INTERNAL_ERROR_MESSAGE } from '../conversion/conversion-task.types';

export type FailureDecision =
  /** Keep the job IN_PROGRESS with this error recorded; BullMQ tries again. */
  | { action: 'retry'; code: ErrorCode; message: string }
  /**
   * Postgres is unreachable: nothing can be recorded, and the document is not at
   * fault. BullMQ tries again with its backoff; if it gives up first, the row is
   * still unfinished and the sweep queues it again.
   */
  | { action: 'wait-for-database'; reason: string }
  /** FAILED for good. `unexpected` errors are logged with their stack. */
  | { action: 'fail'; code: ErrorCode; message: string; unexpected: boolean };

/**
 * What a failed attempt means for the job. Only a JobFailure marked transient is
 * retried, and only while the row has attempts left; anything that is not a
 * JobFailure is a bug or an environment problem the client cannot fix, so it fails
 * at once as INTERNAL_ERROR rather than burning retries. The exception is Postgres
 * being unreachable (down, restarting): that job is tried again.
 */
export function decideFailure(error: unknown, attempts: number, maxAttempts: number): FailureDecision {
  // First: a conversion that finished but could not be stored must not become FAILED.
  // A JobFailure is about the document or its origin, never Postgres, even when it
  // wraps a socket error (an origin that cut the download off is ECONNRESET too).
  if (!isJobFailure(error) && isDatabaseUnavailable(error)) return { action: 'wait-for-database', reason: databaseReason(error) };
  if (!isJobFailure(error)) {
    return { action: 'fail', code: JobErrorCode.INTERNAL_ERROR, message: INTERNAL_ERROR_MESSAGE, unexpected: true };
  }
  if (error.transient && attempts < maxAttempts) return { action: 'retry', code: error.code, message: error.message };
  return { action: 'fail', code: error.code, message: error.message, unexpected: false };
}

/** Error thrown to BullMQ so it schedules the next attempt with its backoff. */
export class RetryableJobError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RetryableJobError';
  }
}

/** Thrown to BullMQ when Postgres is unreachable, so the job is delivered again later. */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The database is unreachable: ${reason}`, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Prisma's messages start with the call site; the last line says what happened. */
export function databaseReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().split('\n').pop()?.trim() ?? message;
}
