import { lostQueueEntry } from './lost-queue-entry';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('lostQueueEntry', () => {
  it('recognises a job hash that vanished before moveToFinished (FLUSHALL)', () => {
    expect(lostQueueEntry(new Error(`Missing key for job ${ID}. moveToFinished`))).toEqual({ jobId: ID, operation: 'moveToFinished' });
  });

  it('recognises a vanished lock', () => {
    expect(lostQueueEntry(new Error(`Missing lock for job ${ID}. moveToDelayed`))).toEqual({ jobId: ID, operation: 'moveToDelayed' });
  });

  it('recognises a lock renewal that found nothing to renew', () => {
    expect(lostQueueEntry(new Error(`could not renew lock for job ${ID}`))).toEqual({ jobId: ID, operation: 'extendLock' });
  });

  it('leaves every other error alone', () => {
    expect(lostQueueEntry(new Error('Connection is closed.'))).toBeNull();
    expect(lostQueueEntry(new Error(`Job ${ID} is not in the active state. moveToFinished`))).toBeNull();
    expect(lostQueueEntry('Missing key for job x. moveToFinished')).toBeNull();
    expect(lostQueueEntry(undefined)).toBeNull();
  });
});
