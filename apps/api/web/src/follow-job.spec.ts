import type { JobRecord, JobStatus } from './api-types.ts';
import { followJob, WAIT_SCHEDULE } from './follow-job.ts';

const job = (status: JobStatus): JobRecord => ({
  id: 'j1',
  createdAt: '',
  status,
  pages: 0,
  type: 'format',
  fileName: 'a.pdf',
  formats: {},
});

/** Answers the long-polls with `statuses` in turn and records the waits asked for. */
function answers(...statuses: JobStatus[]) {
  const waits: number[] = [];
  const progress: boolean[] = [];
  return {
    waits,
    progress,
    api: {
      job: async (_id: string, wait = 0, _signal?: AbortSignal, withProgress = false) => {
        waits.push(wait);
        progress.push(withProgress);
        return job(statuses.shift() ?? 'COMPLETED');
      },
    },
  };
}

describe('followJob', () => {
  it('long-polls until the job ends, reporting every answer: a short first wait, then long ones', async () => {
    const { api, waits, progress } = answers('IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED');
    const seen: string[] = [];
    const last = await followJob(api, job('CREATED'), (update) => seen.push(update.status), new AbortController().signal);
    expect(last.status).toBe('COMPLETED');
    expect(seen).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED']);
    expect(waits).toEqual([WAIT_SCHEDULE[0], WAIT_SCHEDULE[1], WAIT_SCHEDULE[1]]);
    // Each also answered when the job's pages done change, so the page shows them as they go.
    expect(progress).toEqual([true, true, true]);
  });

  it('asks nothing for a job that has ended already', async () => {
    const { api, waits } = answers();
    await followJob(api, job('FAILED'), () => undefined, new AbortController().signal);
    expect(waits).toEqual([]);
  });

  it('stops quietly when another job is opened', async () => {
    const stop = new AbortController();
    const seen: string[] = [];
    const api = {
      job: async () => {
        stop.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    };
    await expect(followJob(api, job('CREATED'), (update) => seen.push(update.status), stop.signal)).resolves.toMatchObject({
      status: 'CREATED',
    });
    expect(seen).toEqual([]);
  });

  it('passes on an error of the API', async () => {
    const api = { job: async () => Promise.reject(new Error('Unauthorized')) };
    await expect(followJob(api, job('CREATED'), () => undefined, new AbortController().signal)).rejects.toThrow('Unauthorized');
  });
});
