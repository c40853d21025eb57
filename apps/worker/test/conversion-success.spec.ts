import { createHash } from 'node:crypto';
import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

const TEXT = 'Shipping notes\n\nThe parcel left the depot on Monday.\nIt arrives on Thursday.\n';

const inputs = [
  {
    name: 'pdf',
    path: '/handbook.pdf',
    body: fixture('sample.pdf'),
    contentType: 'application/pdf',
    pages: 4,
    includes: 'Supported Inputs',
  },
  {
    name: 'html',
    path: '/handbook.html',
    body: fixture('sample.html'),
    contentType: 'text/html; charset=utf-8',
    pages: 1,
    includes: 'Supported Inputs',
  },
  {
    name: 'markdown',
    path: '/handbook.md',
    body: fixture('sample.md'),
    contentType: 'text/markdown',
    pages: 1,
    includes: 'Supported Inputs',
  },
  { name: 'text', path: '/notes.txt', body: Buffer.from(TEXT), contentType: 'text/plain', pages: 1, includes: 'The parcel left the depot' },
] as const;

const suite = useWorkerSuite('success', (origin) => {
  for (const input of inputs) origin.route(input.path, { body: input.body, contentType: input.contentType });
});

describe('a worker converting documents', () => {
  it.each(inputs)('converts $name to text and markdown, storing pages, result and one output per format', async (input) => {
    const id = await suite.client.submit(suite.origin.url(input.path), ['text', 'markdown']);
    const job = await suite.client.waitForTerminal(id);

    expect(job).toMatchObject({ status: 'COMPLETED', pages: input.pages, attempts: 1, errorCode: null, errorMessage: null });
    expect(job.startedAt).toBeInstanceOf(Date);
    expect(job.completedAt).toBeInstanceOf(Date);
    expect(job.result).toMatchObject({
      mimeType: input.contentType.split(';')[0],
      bytes: input.body.length,
      sha256: createHash('sha256').update(input.body).digest('hex'),
      metadata: expect.any(Object),
    });
    expect(job.outputs.map((o) => o.format)).toEqual(['markdown', 'text']);
    for (const output of job.outputs) expect(output.content).toContain(input.includes);
  });

  it('renders markdown structure in the markdown output only', async () => {
    const id = await suite.client.submit(suite.origin.url('/handbook.md'), ['text', 'markdown']);
    const job = await suite.client.waitForTerminal(id);
    const byFormat = Object.fromEntries(job.outputs.map((o) => [o.format, o.content]));
    expect(byFormat['markdown']).toContain('## Supported Inputs');
    expect(byFormat['text']).not.toContain('## Supported Inputs');
    expect(job.result).toMatchObject({ metadata: { title: 'Document Conversion Handbook', author: 'Ada Example' } });
  });

  it('stores only the formats that were asked for', async () => {
    const id = await suite.client.submit(suite.origin.url('/handbook.pdf'), ['markdown']);
    const job = await suite.client.waitForTerminal(id);
    expect(job.status).toBe('COMPLETED');
    expect(job.outputs.map((o) => o.format)).toEqual(['markdown']);
  });
});
