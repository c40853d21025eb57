import { AddBatcher } from './add-batcher';

/** A bulk sender that records its batches and settles each when told to. */
function recorder() {
  const batches: string[][] = [];
  const settle: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const send = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      settle.push({ resolve, reject });
    });
  return { batches, settle, send };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('AddBatcher', () => {
  it('sends the adds of one event-loop turn as one batch (maxWaitMs 0)', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 0, maxItems: 100 });
    const adds = ['a', 'b', 'c'].map((item) => batcher.add(item));
    await turn();
    expect(r.batches).toEqual([['a', 'b', 'c']]);
    r.settle[0]?.resolve();
    await expect(Promise.all(adds)).resolves.toEqual([undefined, undefined, undefined]);
  });

  it('sends a lone add in the same turn, without waiting for company', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 0, maxItems: 100 });
    void batcher.add('alone');
    await turn();
    expect(r.batches).toEqual([['alone']]);
  });

  it('waits up to maxWaitMs for more adds', async () => {
    jest.useFakeTimers();
    try {
      const r = recorder();
      const batcher = new AddBatcher(r.send, { maxWaitMs: 5, maxItems: 100 });
      void batcher.add('a');
      jest.advanceTimersByTime(4);
      void batcher.add('b');
      await Promise.resolve();
      expect(r.batches).toEqual([]);
      jest.advanceTimersByTime(1);
      await Promise.resolve();
      expect(r.batches).toEqual([['a', 'b']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends a full batch at once and starts the next one', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 60_000, maxItems: 2 });
    ['a', 'b', 'c', 'd', 'e'].forEach((item) => void batcher.add(item));
    await Promise.resolve();
    expect(r.batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const draining = batcher.drain();
    await Promise.resolve();
    expect(r.batches[2]).toEqual(['e']);
    r.settle.forEach((s) => s.resolve());
    await draining;
  });

  it('rejects every caller of a failed batch with its error, and only those', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 0, maxItems: 2 });
    const first = [batcher.add('a'), batcher.add('b')];
    const second = batcher.add('c');
    await turn();
    r.settle[0]?.reject(new Error('Redis is gone'));
    r.settle[1]?.resolve();
    for (const add of first) await expect(add).rejects.toThrow('Redis is gone');
    await expect(second).resolves.toBeUndefined();
  });

  it('turns a sender that throws synchronously into rejected adds', async () => {
    const batcher = new AddBatcher<string>(
      () => {
        throw new Error('not connected');
      },
      { maxWaitMs: 0, maxItems: 10 },
    );
    await expect(batcher.add('a')).rejects.toThrow('not connected');
  });

  it('never lets a batch that hangs hold up the next', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 0, maxItems: 10 });
    void batcher.add('hangs');
    await turn();
    const next = batcher.add('next');
    await turn();
    r.settle[1]?.resolve();
    await expect(next).resolves.toBeUndefined();
    expect(r.batches).toEqual([['hangs'], ['next']]);
  });

  it('drain sends what waits and waits for batches under way', async () => {
    const r = recorder();
    const batcher = new AddBatcher(r.send, { maxWaitMs: 60_000, maxItems: 10 });
    const add = batcher.add('a');
    let drained = false;
    const draining = batcher.drain().then(() => (drained = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(r.batches).toEqual([['a']]);
    expect(drained).toBe(false);
    r.settle[0]?.resolve();
    await draining;
    await expect(add).resolves.toBeUndefined();
  });
});
