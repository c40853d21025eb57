import { DocformatApiError, DocformatConnectionError, JobFailedError, type JobRecord } from '@docformat/client';
import { describeFailure, EXIT_FAILED, EXIT_USAGE, isFatal } from './failure';
import { UsageError } from './settings';

const problem = (status: number, code: string, detail: string) => ({ type: 'urn:x', title: 'x', status, code, detail });

describe('describeFailure', () => {
  it('says a 401 means the token was refused', () => {
    const error = new DocformatApiError(401, problem(401, 'UNAUTHORIZED', 'Unknown or revoked token.'));
    expect(describeFailure(error, 'http://api:3000')).toEqual({
      message: 'the API at http://api:3000 refused the token (401 UNAUTHORIZED): check DOCFORMAT_TOKEN (Unknown or revoked token.)',
      exitCode: EXIT_FAILED,
    });
    expect(isFatal(error)).toBe(true);
  });

  it('gives the API’s code and detail, and a failed job’s', () => {
    expect(describeFailure(new DocformatApiError(404, problem(404, 'NOT_FOUND', 'No job 42.')), '').message).toBe('NOT_FOUND: No job 42.');
    const job = { id: '1', status: 'FAILED', error: { code: 'CORRUPT_DOCUMENT', message: 'Not a PDF.' } } as JobRecord;
    expect(describeFailure(new JobFailedError(job), '')).toEqual({ message: 'CORRUPT_DOCUMENT: Not a PDF.', exitCode: EXIT_FAILED });
    expect(isFatal(new JobFailedError(job))).toBe(false);
  });

  it('points at DOCFORMAT_URL when the API cannot be reached', () => {
    const error = new DocformatConnectionError('http://localhost:3000', new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    expect(describeFailure(error, 'http://localhost:3000').message).toBe(
      'could not reach the API at http://localhost:3000: ECONNREFUSED. Is it running? DOCFORMAT_URL sets its address.',
    );
    expect(isFatal(error)).toBe(true);
  });

  it('gives usage errors exit code 2', () => {
    expect(describeFailure(new UsageError('add --out'), '')).toEqual({ message: 'add --out', exitCode: EXIT_USAGE });
  });
});
