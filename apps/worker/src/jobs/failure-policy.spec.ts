import { JobFailure } from '@docformat/contracts';
import { decideFailure } from './failure-policy';

describe('decideFailure', () => {
  const transient = new JobFailure('DOWNLOAD_FAILED', 'The server at a.test answered 503 Service Unavailable', true);
  const permanent = new JobFailure('CORRUPT_DOCUMENT', 'The PDF is damaged', false);

  it('retries a transient failure while the row has attempts left', () => {
    expect(decideFailure(transient, 1, 3)).toEqual({ action: 'retry', code: 'DOWNLOAD_FAILED', message: transient.message });
    expect(decideFailure(transient, 2, 3).action).toBe('retry');
  });

  it('fails a transient failure on the last attempt, with its own code', () => {
    expect(decideFailure(transient, 3, 3)).toEqual({
      action: 'fail',
      code: 'DOWNLOAD_FAILED',
      message: transient.message,
      unexpected: false,
    });
  });

  it('fails a permanent failure at once', () => {
    expect(decideFailure(permanent, 1, 3)).toEqual({
      action: 'fail',
      code: 'CORRUPT_DOCUMENT',
      message: 'The PDF is damaged',
      unexpected: false,
    });
  });

  it('turns anything else into a permanent INTERNAL_ERROR with a plain message', () => {
    expect(decideFailure(new TypeError('x is undefined'), 1, 3)).toEqual({
      action: 'fail',
      code: 'INTERNAL_ERROR',
      message: 'An internal error stopped the conversion',
      unexpected: true,
    });
  });

  it('never takes a download cut off by the origin (ECONNRESET inside a JobFailure) for a database outage', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const cutOff = new JobFailure('DOWNLOAD_FAILED', 'The connection to 127.0.0.1:8080 was interrupted', true, { cause: reset });
    expect(decideFailure(cutOff, 1, 1)).toEqual({ action: 'fail', code: 'DOWNLOAD_FAILED', message: cutOff.message, unexpected: false });
    expect(decideFailure(cutOff, 1, 3).action).toBe('retry');
  });

  it('waits for the database instead of failing when Postgres is unreachable, even on the last attempt', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(decideFailure(down, 3, 3)).toEqual({ action: 'wait-for-database', reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
  });
});
