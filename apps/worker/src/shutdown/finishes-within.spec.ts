import { finishesWithin } from './finishes-within';

describe('finishesWithin', () => {
  it('is true when the promise settles in time, whether it resolves or rejects', async () => {
    await expect(finishesWithin(Promise.resolve(1), 50)).resolves.toBe(true);
    await expect(finishesWithin(Promise.reject(new Error('x')), 50)).resolves.toBe(true);
  });

  it('is false when the promise is late', async () => {
    const late = new Promise((resolve) => setTimeout(resolve, 200));
    await expect(finishesWithin(late, 10)).resolves.toBe(false);
    await late;
  });
});
