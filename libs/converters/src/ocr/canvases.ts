import { holdNative } from './native-memory';

import type { Canvas, Image } from '@napi-rs/canvas';

type CanvasModule = typeof import('@napi-rs/canvas');
export type { Canvas };

/** What Skia allocates a pixel, for canvases and decoded images alike (N32: RGBA). */
export const BYTES_PER_PIXEL = 4;

/**
 * A Skia object and the way to give its pixels back. Skia frees them only when the
 * JavaScript wrapper is collected, and a wrapper is a few bytes of heap that gives V8
 * no reason to collect soon: a page canvas held its 35-140 MB until some later
 * collection. So each is released as soon as it is drawn (width 0, or an empty source).
 */
export interface Held<T> {
  value: T;
  release(): void;
}

export function canvasModule(): CanvasModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first OCR only: the worker's main thread imports this lib
  return require('@napi-rs/canvas') as CanvasModule;
}

/**
 * Loads Skia (@napi-rs/canvas) in the calling thread and keeps it: for a process's main
 * thread. Conversion threads load it (pdf.js polyfills DOMMatrix and Path2D from it, OCR
 * draws with it) and are ended and replaced all the time; a napi-rs addon loaded only in
 * threads that exit has been reported to crash the whole process (SIGSEGV) on Linux
 * (napi-rs/package-template#308, Brooooooklyn/canvas#377), with loading it in the main
 * thread as well as the maintainers' workaround. It is not the whole story: a CI worker
 * died by SIGSEGV on an OCR job right after that job's first attempt was stopped (its
 * thread ended mid-conversion), with and without this; not reproduced outside the
 * suite in some 700 thread terminations. The library is mapped once per process, so
 * this costs memory only until a thread loads it too.
 */
export function pinCanvasModule(): void {
  canvasModule();
}

/** A canvas of `width` × `height`, counted as this thread's native memory until released. */
export function trackedCanvas(width: number, height: number): Held<Canvas> {
  const canvas = canvasModule().createCanvas(width, height);
  const unhold = holdNative(width * height * BYTES_PER_PIXEL);
  return {
    value: canvas,
    release() {
      canvas.width = 0;
      canvas.height = 0;
      unhold();
    },
  };
}

/**
 * An encoded image decoded by Skia, counted until released. Only for bytes Leptonica has
 * decoded already (Skia crashes the process on some damaged files, see decode-image.ts),
 * whose size was checked against the budget before that.
 */
export async function trackedImage(bytes: Buffer): Promise<Held<Image>> {
  const image = await canvasModule().loadImage(bytes);
  const unhold = holdNative(image.width * image.height * BYTES_PER_PIXEL);
  return {
    value: image,
    release() {
      image.src = Buffer.alloc(0);
      unhold();
    },
  };
}
