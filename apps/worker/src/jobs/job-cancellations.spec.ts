import type { JobEvent, JobEvents, JobProcessingRepository } from '@docformat/db';
import { Logger } from '@nestjs/common';
import { JobCancellations } from './job-cancellations';

function setUp(row: { status: string } | null = { status: 'PROCESSING' }) {
  let listener: (event: JobEvent) => void = () => undefined;
  const events = {
    subscribe: (next: (event: JobEvent) => void) => {
      listener = next;
      return () => undefined;
    },
  };
  const jobs = { findById: jest.fn(async () => row) };
  const cancellations = new JobCancellations(events as unknown as JobEvents, jobs as unknown as JobProcessingRepository);
  return { cancellations, hear: (event: JobEvent) => listener(event) };
}

beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));

describe('JobCancellations', () => {
  it('stops every watch a worker holds of one job, not only the newest', () => {
    const { cancellations, hear } = setUp();
    const entry = cancellations.watch('job-1');
    const range = cancellations.watch('job-1');
    const other = cancellations.watch('job-2');
    hear({ kind: 'job', jobId: 'job-1' });
    expect([entry.signal.aborted, range.signal.aborted, other.signal.aborted]).toEqual([true, true, false]);
  });

  it('keeps watching a job while one of its watches is released', () => {
    const { cancellations, hear } = setUp();
    const done = cancellations.watch('job-1');
    const running = cancellations.watch('job-1');
    done.release();
    hear({ kind: 'job', jobId: 'job-1' });
    expect([done.signal.aborted, running.signal.aborted]).toEqual([false, true]);
  });

  it('after a gap in events, stops the watched jobs that ended meanwhile', async () => {
    const { cancellations, hear } = setUp({ status: 'FAILED' });
    const first = cancellations.watch('job-1');
    const second = cancellations.watch('job-1');
    hear({ kind: 'resync' });
    await new Promise((resolve) => setImmediate(resolve));
    expect([first.signal.aborted, second.signal.aborted]).toEqual([true, true]);
  });
});
