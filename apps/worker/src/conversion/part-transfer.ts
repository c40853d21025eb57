import { deserialize, serialize } from 'node:v8';
import { Piscina } from 'piscina';

/*
 * A part of a split PDF goes from the thread that read it, through the main thread, to
 * the thread that assembles the document. Cloned as objects, the main thread would build
 * and then clone again every line of every page (28 MB serialized for the 2,415-page R
 * reference manual, twice its size as objects) on the event loop that renews BullMQ's
 * locks. Packed once in the reading thread with the same structured-clone serializer,
 * the part is one buffer that each hop moves (transfers) instead of copying; only the
 * assembling thread unpacks it.
 */

export function packPart(part: unknown): Uint8Array {
  const packed = serialize(part);
  // v8.serialize hands over its own allocation; copy should it ever be a slice of a shared pool.
  return packed.byteOffset === 0 && packed.byteLength === packed.buffer.byteLength ? packed : new Uint8Array(packed);
}

export function unpackPart(packed: Uint8Array): unknown {
  return deserialize(packed);
}

/** The buffers behind packed parts, for a transfer list. */
export function partBuffers(parts: readonly Uint8Array[]): ArrayBuffer[] {
  return parts.map((part) => part.buffer as ArrayBuffer);
}

/** A task result whose packed part is transferred to the main thread rather than copied. */
export function withPartMoved<T extends { part: Uint8Array }>(result: T): T {
  const transferable = {
    get [Piscina.transferableSymbol]() {
      return partBuffers([result.part]);
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  };
  return Piscina.move(transferable as never) as unknown as T;
}
