import { useWorkerSuite } from './support/harness';

/**
 * Postgres refuses U+0000 in text and jsonb: a document carrying it used to end
 * FAILED with INTERNAL_ERROR when its outputs were written.
 */
const suite = useWorkerSuite('control-chars', (origin) => {
  origin.route('/nul.txt', {
    body: Buffer.from('Line one\u0000 with a NUL\n\nand\u0000\u0000 padding\u0007 too\n', 'utf8'),
    contentType: 'text/plain',
  });
  origin.route('/nul.html', {
    body: Buffer.from(
      '<html><head><title>Da\u0000maged</title></head><body><h1>Report\u0000</h1><p>Broken\u0000 page</p></body></html>',
      'utf8',
    ),
    contentType: 'text/html',
  });
});

describe('documents with NUL and other control characters', () => {
  it.each(['/nul.txt', '/nul.html'])('complete, with the characters dropped from outputs and metadata (%s)', async (path) => {
    const id = await suite.client.submit(suite.origin.url(path), ['text', 'markdown']);
    const job = await suite.client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'COMPLETED', errorCode: null });
    for (const output of job.outputs) expect([...(output.content ?? '')].some((char) => char.charCodeAt(0) < 9)).toBe(false);
    expect(JSON.stringify(job.result)).not.toContain('\\u0000');
  });
});
