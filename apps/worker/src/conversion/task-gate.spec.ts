import { TaskGate } from './task-gate';

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('TaskGate', () => {
  it('admits up to its size at once, the next in arrival order as places are given back', async () => {
    const gate = new TaskGate(2);
    const order: string[] = [];
    const enter = (name: string) => gate.enter().then((release) => (order.push(name), release));
    const [a, b] = await Promise.all([enter('a'), enter('b')]);
    const c = enter('c');
    const d = enter('d');
    await settle();
    expect(order).toEqual(['a', 'b']);
    expect(gate.active).toBe(2);
    b();
    b(); // giving back twice frees one place only
    await settle();
    expect(order).toEqual(['a', 'b', 'c']);
    a();
    await Promise.all([c, d]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('admits the waiting as soon as it grows, and stops nothing running when it shrinks', async () => {
    const gate = new TaskGate(1);
    const first = await gate.enter();
    let secondIn = false;
    const second = gate.enter().then((release) => ((secondIn = true), release));
    await settle();
    expect(secondIn).toBe(false);
    gate.resize(2);
    const release = await second;
    expect(secondIn).toBe(true);
    gate.resize(1);
    expect(gate.active).toBe(2);
    let thirdIn = false;
    const third = gate.enter().then((next) => ((thirdIn = true), next));
    first();
    await settle();
    expect(thirdIn).toBe(false); // two ran, one gave back: still at the new size
    release();
    (await third)();
    expect(gate.active).toBe(0);
  });

  it('drops a waiting task whose signal aborts, with the reason, and refuses one already aborted', async () => {
    const gate = new TaskGate(1);
    const release = await gate.enter();
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort(new Error('timed out'));
    await expect(waiting).rejects.toThrow('timed out');
    await expect(gate.enter(controller.signal)).rejects.toThrow('timed out');
    release();
    expect(gate.active).toBe(0);
    (await gate.enter())();
  });
});
