import { medianStages, percentile } from './round-trip';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, 0, ms)).toISOString();
const line = (jobId: string, event: string, ms: number) => JSON.stringify({ level: 'info', time: at(ms), event, jobId });

describe('medianStages', () => {
  it('splits each round trip at its log lines and takes the median per stage', () => {
    const base = Date.UTC(2026, 10, 23, 10, 0, 0, 0);
    const trips = [
      { id: 'a', sentAt: base, seenAt: base + 30, ms: 30 },
      { id: 'b', sentAt: base + 100, seenAt: base + 140, ms: 40 },
    ];
    const lines = [
      line('a', 'job.created', 2),
      line('a', 'job.started', 6),
      line('a', 'job.fetched', 10),
      line('a', 'job.completed', 20),
      line('b', 'job.created', 104),
      line('b', 'job.started', 110),
      line('b', 'job.fetched', 112),
      line('b', 'job.completed', 130),
      'not json',
      JSON.stringify({ event: 'worker.started' }),
    ];
    expect(medianStages(trips, lines)).toEqual([
      { stage: 'saved and queued', ms: 2 },
      { stage: 'picked up and claimed', ms: 4 },
      { stage: 'fetched', ms: 2 },
      { stage: 'converted and stored', ms: 10 },
      { stage: 'seen by the poller', ms: 10 },
    ]);
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([], 50)).toBeNaN();
  });
});
