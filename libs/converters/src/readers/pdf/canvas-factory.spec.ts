import { takeNativePeak } from '../../ocr/native-memory';
import { boundedCanvasFactory } from './canvas-factory';

describe('boundedCanvasFactory (pdf.js canvases)', () => {
  const Factory = boundedCanvasFactory(1_000_000);

  it('makes canvases within the pixel budget, counted as native memory until pdf.js destroys them', () => {
    const factory = new Factory();
    takeNativePeak();
    const target = factory.create(1000, 800);
    expect([target.canvas?.width, target.canvas?.height]).toEqual([1000, 800]);
    factory.reset(target, 500, 500);
    expect(target.canvas?.width).toBe(500);
    factory.destroy(target);
    expect(target.canvas).toBeNull();
    expect(takeNativePeak()).toBe(1000 * 800 * 4);
    expect(takeNativePeak()).toBe(0); // all given back
  });

  it('fails a canvas over the budget with FILE_TOO_LARGE before Skia allocates it', () => {
    const factory = new Factory();
    takeNativePeak();
    expect(() => factory.create(2000, 1000)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
    const target = factory.create(100, 100);
    expect(() => factory.reset(target, 5000, 5000)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
    factory.destroy(target);
    expect(takeNativePeak()).toBe(100 * 100 * 4);
  });
});
