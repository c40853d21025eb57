import { MessageChannel } from 'node:worker_threads';
import { RemoteOcrEngines, serveOcr } from './ocr-broker';
import type { OcrBlock, OcrEngines } from './ocr-engines';

const BLOCKS: OcrBlock[] = [
  {
    paragraphs: [
      {
        is_ltr: true,
        lines: [
          {
            baseline: { x0: 0, y0: 10, x1: 50, y1: 10 },
            bbox: { x0: 0, y0: 0, x1: 50, y1: 12 },
            words: [{ text: 'Hello', confidence: 95, bbox: { x0: 0, y0: 0, x1: 50, y1: 12 } }],
          },
        ],
      },
    ],
  },
];

describe('OCR broker', () => {
  it('carries recognize and orientation calls across a message port and back', async () => {
    const calls: unknown[] = [];
    const engines: OcrEngines = {
      recognize: async (image, request) => {
        calls.push({ op: 'recognize', bytes: [...image], ...request });
        return BLOCKS;
      },
      detectOrientation: async (image, request) => {
        calls.push({ op: 'detect', bytes: [...image], ...request });
        return { degrees: 90, confidence: 12 };
      },
    };
    const { port1, port2 } = new MessageChannel();
    serveOcr(port1, engines);
    const remote = new RemoteOcrEngines(port2);
    await expect(remote.recognize(Buffer.from([1, 2, 3]), { languages: ['eng', 'deu'], dpi: 200 })).resolves.toEqual(BLOCKS);
    await expect(remote.detectOrientation(Buffer.from([4]), { dpi: 150 })).resolves.toEqual({ degrees: 90, confidence: 12 });
    expect(calls).toEqual([
      { op: 'recognize', bytes: [1, 2, 3], languages: ['eng', 'deu'], dpi: 200 },
      { op: 'detect', bytes: [4], dpi: 150 },
    ]);
    remote.close();
    port1.close();
  });

  it('passes an engine error back as an error with its message', async () => {
    const engines: OcrEngines = {
      recognize: async () => {
        throw new Error('Error attempting to read image.');
      },
      detectOrientation: async () => ({ degrees: 0, confidence: 0 }),
    };
    const { port1, port2 } = new MessageChannel();
    serveOcr(port1, engines);
    const remote = new RemoteOcrEngines(port2);
    await expect(remote.recognize(Buffer.from([0]), { languages: ['eng'], dpi: 72 })).rejects.toThrow('Error attempting to read image.');
    remote.close();
    port1.close();
  });

  it('aborts the calls of a conversion whose end of the channel closes', async () => {
    let signal: AbortSignal | undefined;
    const engines: OcrEngines = {
      recognize: (_image, _request, given) => {
        signal = given;
        return new Promise((_, reject) => given?.addEventListener('abort', () => reject(given.reason)));
      },
      detectOrientation: async () => ({ degrees: 0, confidence: 0 }),
    };
    const { port1, port2 } = new MessageChannel();
    serveOcr(port1, engines);
    const remote = new RemoteOcrEngines(port2);
    const pending = remote.recognize(Buffer.from([0]), { languages: ['eng'], dpi: 72 });
    while (!signal) await new Promise((resolve) => setImmediate(resolve));
    remote.close(); // as when the conversion thread is killed
    await expect(pending).rejects.toThrow('closed');
    // The abort crosses the closed port's other end on the next turns of the loop.
    for (const until = Date.now() + 5_000; !signal.aborted && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(signal.aborted).toBe(true);
  });
});
