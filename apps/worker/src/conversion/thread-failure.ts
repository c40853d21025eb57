import { JobErrorCode, JobFailure } from '@docformat/contracts';
import type { ConversionTaskFailure } from './conversion-task.types';

export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

export function conversionTimeout(timeoutMs: number): JobFailure {
  return new JobFailure(JobErrorCode.CONVERSION_TIMEOUT, `The conversion took longer than ${formatSeconds(timeoutMs)} and was stopped`);
}

export function conversionOutOfMemory(maxMemoryMb: number): JobFailure {
  // Permanent: the same document will need the same memory next time.
  return new JobFailure(JobErrorCode.FILE_TOO_LARGE, `The document needs more than ${maxMemoryMb} MiB of memory to convert`);
}

/** Node terminates a thread that hits its resourceLimits with this code. */
export function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * A failure the thread reported as data. Expected ones become JobFailures again; an
 * unexpected one stays a plain Error carrying the thread's stack, so the job fails
 * as INTERNAL_ERROR and the log shows what really happened.
 */
export function fromThreadFailure(failure: ConversionTaskFailure): Error {
  if (failure.code === JobErrorCode.INTERNAL_ERROR) {
    const error = new Error(`Conversion thread failed: ${failure.detail ?? failure.message}`);
    error.name = 'ConversionThreadError';
    return error;
  }
  return new JobFailure(failure.code, failure.message);
}
