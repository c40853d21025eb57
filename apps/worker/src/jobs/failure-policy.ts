import { isJobFailure, JobErrorCode, type JobErrorCode as ErrorCode } from '@docformat/contracts';
import { INTERNAL_ERROR_MESSAGE } from '../conversion/conversion-task.types';

export type FailureDecision =
  /** Keep the job IN_PROGRESS with this error recorded; BullMQ tries again. */
  | { action: 'retry'; code: ErrorCode; message: string }
  /** FAILED for good. `unexpected` errors are logged with their stack. */
  | { action: 'fail'; code: ErrorCode; message: string; unexpected: boolean };

/**
 * What a failed attempt means for the job. Only a JobFailure marked transient is
 * retried, and only while the row has attempts left; anything that is not a
 * JobFailure is a bug or an environment problem the client cannot fix, so it fails
 * at once as INTERNAL_ERROR rather than burning retries.
 */
export function decideFailure(error: unknown, attempts: number, maxAttempts: number): FailureDecision {
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
