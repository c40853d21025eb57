import { TimeoutError, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('passes through a result that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 100, 'x')).resolves.toBe(42);
  });

  it('rejects with a TimeoutError naming the operation when the promise is late', async () => {
    const never = new Promise<void>(() => undefined);
    await expect(withTimeout(never, 20, 'Enqueueing the job')).rejects.toEqual(new TimeoutError('Enqueueing the job', 20));
  });

  it('swallows a late rejection instead of leaving it unhandled', async () => {
    const late = new Promise<void>((_, reject) => setTimeout(() => reject(new Error('late')), 30));
    await expect(withTimeout(late, 5, 'x')).rejects.toBeInstanceOf(TimeoutError);
    await new Promise((r) => setTimeout(r, 50));
  });
});
