import { verifyWebhook } from '@docformat/contracts';
import { ApiTokenRepository } from '@docformat/db';
import { createRedisConnection, WebhookQueue } from '@docformat/queue';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SweepService } from '../src/sweep/sweep.service';
import { useWorkerSuite } from './support/harness';

/** What the receiver got: one entry per POST. */
interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

const received: Received[] = [];
/** Status codes to answer in turn; 200 once they run out. */
let answers: number[] = [];
let receiver: Server;
let hookUrl = '';

const suite = useWorkerSuite('webhooks', (origin) => {
  origin.route('/notes.txt', { body: 'Meeting notes: the bridge opens on Monday.', contentType: 'text/plain' });
  origin.route('/missing.txt', { status: 404, body: 'gone' });
});

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  // A connection of its own: the suite's worker and client may be closed already.
  const redis = createRedisConnection(suite.config.REDIS_URL, 'consumer');
  const queue = new WebhookQueue(redis, { prefix: suite.config.QUEUE_PREFIX });
  await queue.removeAll();
  await queue.close();
  redis.disconnect();
  await new Promise((resolve) => receiver.close(resolve));
});

async function submitWithWebhook(path: string): Promise<string> {
  const { client, origin } = suite;
  const id = await client.insertJob(origin.url(path), ['text']);
  await client.prisma.job.update({ where: { id }, data: { webhookUrl: `${hookUrl}?job=${id}` } });
  await client.queue.enqueueConversion(id, 2000);
  return id;
}

async function deliveriesTo(jobId: string, count: number, timeoutMs: number): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  const mine = () => received.filter((r) => JSON.parse(r.raw.toString('utf8')).id === jobId);
  while (mine().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return mine();
}

/**
 * The delivery row once the worker has recorded the receiver's answer: the receiver has
 * the POST before the worker has the response, so the row may still say PENDING for a
 * moment after the request arrived (seen once on CI).
 */
async function settledDelivery(jobId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await suite.client.prisma.webhookDelivery.findUniqueOrThrow({ where: { jobId } });
    if (row.status !== 'PENDING' || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhooks', () => {
  it("POSTs the completed job, signed with its client's secret, once", async () => {
    const id = await submitWithWebhook('/notes.txt');
    const [delivery] = await deliveriesTo(id, 1, 30_000);
    expect(delivery).toBeDefined();
    const { headers, raw } = delivery as Received;
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['docformat-event']).toBe('job.completed');
    expect(headers['docformat-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const secret = (await suite.worker.get(ApiTokenRepository).webhookSecret(suite.client.ownerId)) as string;
    // What a receiver does: verify the raw bytes before parsing them.
    expect(verifyWebhook(secret, headers['docformat-signature'] as string, raw)).toBe(true);
    expect(verifyWebhook('whsec_someone-else', headers['docformat-signature'] as string, raw)).toBe(false);
    const body = JSON.parse(raw.toString('utf8'));
    expect(body).toMatchObject({
      id,
      status: 'COMPLETED',
      formats: { text: expect.stringContaining('bridge opens on Monday') },
      jobUrl: `/job/${id}`,
    });

    const row = await settledDelivery(id);
    expect(row).toMatchObject({ id: headers['docformat-delivery'], status: 'DELIVERED', attempts: 1, lastError: null });
    // Delivered is done: nothing more arrives.
    expect(await deliveriesTo(id, 2, 1000)).toHaveLength(1);
    expect(row.deliveredAt).toBeInstanceOf(Date);
  }, 40_000);

  it('tells of a failed job too', async () => {
    const id = await submitWithWebhook('/missing.txt');
    const [delivery] = await deliveriesTo(id, 1, 30_000);
    expect(delivery?.headers['docformat-event']).toBe('job.failed');
    expect(JSON.parse((delivery as Received).raw.toString('utf8'))).toMatchObject({
      id,
      status: 'FAILED',
      error: { code: 'DOWNLOAD_FAILED' },
    });
  }, 40_000);

  it('retries after a 500 with the same delivery id, and records every attempt', async () => {
    answers = [500];
    const id = await submitWithWebhook('/notes.txt');
    // The first attempt fails; the retry comes after the first backoff (5 s ± 10 %).
    const attempts = await deliveriesTo(id, 2, 40_000);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.headers['docformat-delivery']).toBe(attempts[0]?.headers['docformat-delivery']);
    const deadline = Date.now() + 5000;
    let row = await suite.client.prisma.webhookDelivery.findUniqueOrThrow({ where: { jobId: id } });
    while (row.status !== 'DELIVERED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await suite.client.prisma.webhookDelivery.findUniqueOrThrow({ where: { jobId: id } });
    }
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 2, lastError: null });
  }, 60_000);

  it('queues again a pending delivery whose queue entry was lost, on the next sweep', async () => {
    const { client } = suite;
    const id = randomUUID();
    await client.prisma.job.create({
      data: {
        id,
        ownerId: client.ownerId,
        type: 'format',
        fileUrl: 'https://example.com/x',
        requestedFormats: ['text'],
        webhookUrl: hookUrl,
      },
    });
    // Ended by someone who then could not queue the delivery (the trigger made it all the same).
    await client.prisma.job.update({ where: { id }, data: { status: 'FAILED', errorCode: 'CANCELLED', errorMessage: 'cancelled' } });
    await client.prisma.webhookDelivery.update({ where: { jobId: id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const sweep = suite.worker.get(SweepService);
    const deadline = Date.now() + 10_000;
    while ((await deliveriesTo(id, 1, 0)).length === 0 && Date.now() < deadline) {
      await sweep.sweepOnce();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(JSON.parse(((await deliveriesTo(id, 1, 5000))[0] as Received).raw.toString('utf8'))).toMatchObject({ id, status: 'FAILED' });
  }, 30_000);
});
