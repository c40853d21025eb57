import { fixture } from '../../testing/fixtures';
import { OperatorListPort } from './operator-list-port';
import { openPdf } from './pdf-document';

/** The next message the port delivers. */
function nextMessage(port: OperatorListPort): Promise<unknown> {
  return new Promise((resolve) => {
    const listener = (event: { data: unknown }) => {
      port.removeEventListener('message', listener);
      resolve(event.data);
    };
    port.addEventListener('message', listener);
  });
}

describe('OperatorListPort', () => {
  it("hands an operator-list chunk over without cloning its operators' arguments, but keeps its own copy of the two arrays the sender empties", async () => {
    const port = new OperatorListPort();
    const glyphs = [{ unicode: 'a', width: 500 }];
    const chunk = { fnArray: [44], argsArray: [[glyphs]], lastChunk: true, length: 1 };
    const delivered = nextMessage(port);
    port.postMessage({ sourceName: 'worker', targetName: 'main', streamId: 1, chunk });
    // What pdf.js's OperatorList does right after handing a chunk over.
    chunk.fnArray.length = 0;
    chunk.argsArray.length = 0;
    const received = (await delivered) as { chunk: typeof chunk };
    expect(received.chunk.fnArray).toEqual([44]);
    expect(received.chunk.argsArray[0][0]).toBe(glyphs);
    expect(received.chunk.lastChunk).toBe(true);
  });

  it('clones every other message, as a worker port would, and delivers them in order', async () => {
    const port = new OperatorListPort();
    const received: unknown[] = [];
    port.addEventListener('message', (event) => received.push(event.data));
    const first = { action: 'commonobj', data: ['g_d0_f1', 'Font', { name: 'CMR10' }] };
    port.postMessage(first);
    port.postMessage({ action: 'second' });
    first.data[0] = 'changed after sending';
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([{ action: 'commonobj', data: ['g_d0_f1', 'Font', { name: 'CMR10' }] }, { action: 'second' }]);
    expect(received[0]).not.toBe(first);
  });

  it("stops delivering to a listener once its AbortSignal fires (how a destroyed document's handlers leave)", async () => {
    const port = new OperatorListPort();
    const controller = new AbortController();
    const heard: unknown[] = [];
    port.addEventListener('message', (event) => heard.push(event.data), { signal: controller.signal });
    port.postMessage('before');
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    port.postMessage('after');
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['before']);
  });

  it("carries pdf.js's documents: a PDF opens, reads and closes through it, again and again on the one worker", async () => {
    for (let round = 0; round < 3; round++) {
      const pdf = await openPdf(fixture('sample.pdf'));
      try {
        const page = await pdf.document.getPage(1);
        const list = await page.getOperatorList();
        expect(list.fnArray.length).toBeGreaterThan(0);
        expect(list.argsArray.length).toBe(list.fnArray.length);
        page.cleanup();
      } finally {
        await pdf.close();
      }
    }
  });
});
