import type { MessagePort } from 'node:worker_threads';
import type { OcrBlock, OcrEngines, OcrOrientation } from './ocr-engines';

/**
 * OCR engines shared by a worker process's conversion threads. Each conversion gets
 * one end of a MessageChannel; its OCR calls travel to the main thread, which runs
 * them on the process's bounded engine pool (engine-pool.ts) and answers. A conversion
 * thread killed at its time limit closes its end: its waiting calls are dropped and a
 * page being read for it is cut short, so a dead conversion holds no engine.
 */
type OcrCall = { op: 'recognize'; image: Uint8Array; languages: string[]; dpi: number } | { op: 'detect'; image: Uint8Array; dpi: number };
type OcrRequest = OcrCall & { id: number };

type OcrReply = { id: number; ok: true; value: OcrBlock[] | OcrOrientation } | { id: number; ok: false; message: string };

/** Main-thread side: answers the port's OCR calls with `engines` until the port closes. */
export function serveOcr(port: MessagePort, engines: OcrEngines): void {
  const closed = new AbortController();
  port.on('message', (request: OcrRequest) => {
    const work =
      request.op === 'recognize'
        ? engines.recognize(request.image, { languages: request.languages, dpi: request.dpi }, closed.signal)
        : engines.detectOrientation(request.image, { dpi: request.dpi }, closed.signal);
    work.then(
      (value) => reply(port, closed.signal, { id: request.id, ok: true, value }),
      (error: unknown) =>
        reply(port, closed.signal, { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  });
  port.once('close', () => closed.abort(new Error('The conversion ended')));
}

function reply(port: MessagePort, closed: AbortSignal, message: OcrReply): void {
  if (!closed.aborted) port.postMessage(message);
}

/** Conversion-thread side: OcrEngines whose calls run in the main thread that serves `port`. */
export class RemoteOcrEngines implements OcrEngines {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (message: OcrReply) => {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      // Errors cross threads as text; ocr-engine.ts tells a damaged image by its message.
      if (message.ok) call.resolve(message.value as never);
      else call.reject(new Error(message.message));
      if (this.pending.size === 0) port.unref();
    });
    port.unref();
  }

  recognize(image: Uint8Array, request: { languages: readonly string[]; dpi: number }): Promise<OcrBlock[]> {
    return this.call({ op: 'recognize', image, languages: [...request.languages], dpi: request.dpi });
  }

  detectOrientation(image: Uint8Array, request: { dpi: number }): Promise<OcrOrientation> {
    return this.call({ op: 'detect', image, dpi: request.dpi });
  }

  /** Ends the channel; calls still waiting fail. */
  close(): void {
    for (const call of this.pending.values()) call.reject(new Error('The OCR channel was closed'));
    this.pending.clear();
    this.port.close();
  }

  private call<T>(request: OcrCall): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      // Only while a call is out does the port keep the thread alive.
      this.port.ref();
      // The image is copied (structured clone): a Buffer may share its memory with others.
      this.port.postMessage({ ...request, id } satisfies OcrRequest);
    });
  }
}
