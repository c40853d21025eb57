import { isJobFailure, JobFailure } from './job-failure';
import { JobErrorCode } from './job-error-code';
import { isTerminalStatus, JobStatus } from './job-status';
import { isUuid } from './uuid';

describe('job status', () => {
  it('treats only COMPLETED and FAILED as terminal', () => {
    expect(Object.values(JobStatus).filter(isTerminalStatus)).toEqual(['COMPLETED', 'FAILED']);
  });
});

describe('JobFailure', () => {
  it('carries a code, a client-facing message and whether it is worth retrying', () => {
    const cause = new Error('ECONNRESET');
    const failure = new JobFailure(JobErrorCode.DOWNLOAD_FAILED, 'The server at example.com closed the connection', true, { cause });
    expect(failure).toBeInstanceOf(Error);
    expect(isJobFailure(failure)).toBe(true);
    expect(isJobFailure(cause)).toBe(false);
    expect(failure).toMatchObject({ code: 'DOWNLOAD_FAILED', transient: true, name: 'JobFailure', cause });
    expect(new JobFailure(JobErrorCode.CORRUPT_DOCUMENT, 'x').transient).toBe(false);
  });
});

describe('isUuid', () => {
  it.each([
    ['7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11', true],
    ['7D4A2F2E-9A51-4C39-9D0E-1F3C5D9B0A11', true],
    ['7d4a2f2e9a514c399d0e1f3c5d9b0a11', false],
    ['7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a1', false],
    ["' OR 1=1 --", false],
  ])('%s → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
