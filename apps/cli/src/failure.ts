import { DocformatApiError, DocformatConnectionError, DocformatError } from '@docformat/client';
import { UsageError } from './settings';

export const EXIT_OK = 0;
/** The API said no, a job failed, the API was unreachable. */
export const EXIT_FAILED = 1;
/** Wrong arguments or settings. */
export const EXIT_USAGE = 2;

/** What to tell the person about an error, in one line, and the exit code it means. */
export function describeFailure(error: unknown, apiUrl: string): { message: string; exitCode: number } {
  if (error instanceof UsageError) return { message: error.message, exitCode: EXIT_USAGE };
  if (error instanceof DocformatApiError && error.status === 401)
    return {
      message: `the API at ${apiUrl} refused the token (401 ${error.code}): check DOCFORMAT_TOKEN (${error.detail})`,
      exitCode: EXIT_FAILED,
    };
  if (error instanceof DocformatConnectionError)
    return { message: `${error.detail}. Is it running? DOCFORMAT_URL sets its address.`, exitCode: EXIT_FAILED };
  if (error instanceof DocformatError) return { message: `${error.code}: ${error.detail}`, exitCode: EXIT_FAILED };
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') return { message: (error as Error).message, exitCode: EXIT_FAILED };
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error), exitCode: EXIT_FAILED };
}

/** Errors that every further request would meet too: a batch stops at the first. */
export function isFatal(error: unknown): boolean {
  return error instanceof DocformatConnectionError || (error instanceof DocformatApiError && error.status === 401);
}
