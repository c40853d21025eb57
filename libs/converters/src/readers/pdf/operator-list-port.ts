/**
 * The message port between pdf.js's API and its worker code when both run on one
 * thread (see load-pdfjs.ts). pdf.js's own loop-back port structured-clones every
 * message, as a real worker's port would, and the operator lists are most of what
 * crosses: every glyph of every text operator is an object, and cloning them (and
 * collecting the clones) was ~12 % of a page's CPU once the text was read from the
 * operator list (operator-text.ts). So operator-list chunks cross without being cloned,
 * and everything else is cloned as before.
 *
 * A chunk is safe to pass by reference, as pdf.js v5.4 builds it: the worker hands over
 * its `fnArray` and `argsArray` and then empties them (`length = 0`) to collect the next
 * chunk, so those two arrays are copied; what they hold is not touched again by the
 * worker: each operator's arguments are a new array, the glyphs are the font's cached
 * glyph objects (only ever read), and the buffers listed to be transferred are the
 * worker's to give away.
 */
import type { TransferListItem } from 'node:worker_threads';

type Listener = (event: { data: unknown }) => void;

/** Messages are delivered in microtasks queued on this, so in the order they were sent. */
const DELIVERED = Promise.resolve();

interface OperatorListChunk {
  fnArray: unknown[];
  argsArray: unknown[];
}

export class OperatorListPort {
  private readonly listeners = new Set<Listener>();

  postMessage(message: unknown, transfer?: TransferListItem[]): void {
    const data = isChunkMessage(message)
      ? { ...message, chunk: { ...message.chunk, fnArray: message.chunk.fnArray.slice(), argsArray: message.chunk.argsArray.slice() } }
      : structuredClone(message, transfer ? { transfer } : undefined);
    const event = { data };
    // Delivered later, in order, as pdf.js's own port does: a sender never runs its receiver's code.
    void DELIVERED.then(() => {
      for (const listener of this.listeners) listener.call(this, event);
    });
  }

  /** pdf.js's message handlers stop listening through an AbortSignal, when their document is destroyed. */
  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal }): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }
}

function isChunkMessage(message: unknown): message is { chunk: OperatorListChunk } {
  if (!message || typeof message !== 'object' || !('chunk' in message)) return false;
  const chunk = (message as { chunk: unknown }).chunk;
  return (
    !!chunk &&
    typeof chunk === 'object' &&
    Array.isArray((chunk as OperatorListChunk).fnArray) &&
    Array.isArray((chunk as OperatorListChunk).argsArray)
  );
}
