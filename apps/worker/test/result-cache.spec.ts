import type { FormatOptions } from '@docformat/contracts';
import { randomUUID } from 'node:crypto';
import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

const suite = useWorkerSuite('cache', (origin) => {
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  origin.route('/copy/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
});

async function convert(path: string, options: FormatOptions = {}, ownerId?: string, formats = ['markdown', 'text']) {
  const { client, origin } = suite;
  const id = randomUUID();
  await client.prisma.job.create({
    data: {
      id,
      ownerId: ownerId ?? client.ownerId,
      type: 'format',
      fileUrl: origin.url(path),
      requestedFormats: formats,
      options: { ...options },
    },
  });
  await client.queue.enqueueConversion(id, 2000);
  return client.waitForTerminal(id, 60_000);
}

const resultOf = (job: { result: unknown }) => job.result as Record<string, unknown>;
const outputsOf = (job: { outputs: { format: string; content: string | null }[] }) => job.outputs.map((o) => [o.format, o.content]);

describe('the result cache', () => {
  it('completes a job of the same bytes, formats and options from the earlier conversion, marked cached', async () => {
    const first = await convert('/handbook.pdf');
    expect(first.status).toBe('COMPLETED');
    expect(resultOf(first)['cached']).toBeUndefined();
    // Another URL, the same bytes: the cache keys on the content, not the address.
    const second = await convert('/copy/handbook.pdf');
    expect(second.status).toBe('COMPLETED');
    expect(resultOf(second)).toEqual({ ...resultOf(first), cached: true });
    expect(second.pages).toBe(first.pages);
    expect(outputsOf(second)).toEqual(outputsOf(first));
  }, 90_000);

  it('converts again with format.cache false, with other options or formats, and for another client', async () => {
    await convert('/handbook.pdf');
    expect(resultOf(await convert('/handbook.pdf', { cache: false }))['cached']).toBeUndefined();
    expect(resultOf(await convert('/handbook.pdf', { pages: '1' }))['cached']).toBeUndefined();
    expect(resultOf(await convert('/handbook.pdf', {}, undefined, ['text']))['cached']).toBeUndefined();
    const stranger = (
      await suite.client.prisma.apiToken.create({ data: { name: 'stranger', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '2') } })
    ).id;
    expect(resultOf(await convert('/handbook.pdf', {}, stranger))['cached']).toBeUndefined();
    // …whose own second job is served from its own first one.
    expect(resultOf(await convert('/handbook.pdf', {}, stranger))['cached']).toBe(true);
  }, 120_000);
});
