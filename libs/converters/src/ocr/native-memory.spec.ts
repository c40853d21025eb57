import { holdNative, noteNative, takeNativePeak } from './native-memory';

describe('native memory of images, per thread', () => {
  beforeEach(() => takeNativePeak());

  it('answers the most held at once since it was last asked, then starts from what is still held', () => {
    const first = holdNative(100);
    const second = holdNative(50);
    first();
    first(); // released once only
    noteNative(500); // decoded and left to the garbage collector, beside the 50 still held
    expect(takeNativePeak()).toBe(550);
    expect(takeNativePeak()).toBe(50);
    second();
    expect(takeNativePeak()).toBe(50);
    expect(takeNativePeak()).toBe(0);
  });
});
