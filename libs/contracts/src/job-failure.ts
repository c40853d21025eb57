import { clientMessage } from './client-message';
import { JobErrorCode } from './job-error-code';

/**
 * The one error type the fetcher and the converters throw for an expected failure.
 * `transient` failures (network errors, time-outs, origin 5xx/429) are retried by the
 * worker; permanent ones fail the job at once. Anything else that escapes is an
 * INTERNAL_ERROR. `message` is shown to clients: plain words, no internals, and made
 * printable here (clientMessage) since it may quote the document.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
    readonly transient = false,
    options?: { cause?: unknown },
  ) {
    super(clientMessage(message), options);
    this.name = 'JobFailure';
  }
}

export function isJobFailure(error: unknown): error is JobFailure {
  return error instanceof JobFailure;
}
