import { runLimited } from './run-limited';

describe('runLimited', () => {
  it('never runs more than the limit at once, and runs every item', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(n);
      running--;
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing more once told to stop', async () => {
    const started: number[] = [];
    await runLimited(
      [1, 2, 3, 4],
      1,
      async (n) => void started.push(n),
      () => started.length >= 2,
    );
    expect(started).toEqual([1, 2]);
  });
});
