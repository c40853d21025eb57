import { JobProgress } from './job-progress';

describe('JobProgress', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes nothing for a conversion done within the interval', async () => {
    const write = jest.fn(async () => undefined);
    const progress = new JobProgress(write, 1000);
    progress.planned(3);
    progress.read(3);
    await jest.advanceTimersByTimeAsync(500);
    await progress.finish();
    await jest.advanceTimersByTimeAsync(2000);
    expect(write).not.toHaveBeenCalled();
  });

  it('writes the pages read at most once per interval, and the last count on finishing', async () => {
    const writes: Array<[number, number]> = [];
    const progress = new JobProgress(async (done, pages) => void writes.push([done, pages]), 1000);
    progress.planned(10);
    progress.read(1);
    await jest.advanceTimersByTimeAsync(1000);
    progress.read(2);
    progress.read(3);
    await jest.advanceTimersByTimeAsync(999);
    expect(writes).toEqual([[1, 10]]);
    await jest.advanceTimersByTimeAsync(1);
    progress.read(4);
    await progress.finish();
    expect(writes).toEqual([
      [1, 10],
      [6, 10],
      [10, 10],
    ]);
  });

  it('writes nothing before the count is known, nor after it is stopped, and survives a failed write', async () => {
    const write = jest.fn(async () => {
      throw new Error('Postgres is away');
    });
    const progress = new JobProgress(write, 1000);
    progress.read(5);
    await jest.advanceTimersByTimeAsync(2000);
    expect(write).not.toHaveBeenCalled();
    progress.planned(8);
    await jest.advanceTimersByTimeAsync(1000);
    expect(write).toHaveBeenLastCalledWith(5, 8);
    progress.read(1);
    await progress.stop();
    await jest.advanceTimersByTimeAsync(2000);
    expect(write).toHaveBeenCalledTimes(1);
  });
});
