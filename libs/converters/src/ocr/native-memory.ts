/**
 * What this thread's conversions allocate for images outside the V8 heap: Skia canvases
 * and decoded images (@napi-rs/canvas reports none of it to V8, so no heap or
 * `external` figure shows it) and the pixel buffers pdf.js and utif2 decode. The worker
 * replaces a conversion thread whose task drew much of it (thread-recycling.ts): what
 * such a task freed stays in the thread's allocator arenas and Skia's caches.
 *
 * Per thread (each thread loads its own copy of this module); bytes as allocated, not
 * as measured.
 */

let held = 0;
let peak = 0;

/** Counts `bytes` held until the returned function is called (a canvas, a decoded image). */
export function holdNative(bytes: number): () => void {
  held += bytes;
  peak = Math.max(peak, held);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= bytes;
  };
}

/** Counts `bytes` allocated and let go by the garbage collector (decoded pixels in ArrayBuffers). */
export function noteNative(bytes: number): void {
  peak = Math.max(peak, held + bytes);
}

/** The most held at once since the last call (a task's), in bytes; the count then starts again from what is held now. */
export function takeNativePeak(): number {
  const result = peak;
  peak = held;
  return result;
}
