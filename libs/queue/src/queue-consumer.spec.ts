import { randomUUID } from 'node:crypto';
import { QueueJobName, QueueName } from '@docformat/contracts';
import { Queue } from 'bullmq';
import { JobQueue } from './job-queue';
import { QueueConsumer, type QueueConsumerEvents } from './queue-consumer';
import { createRedisConnection } from './redis-connection';
import { until } from './test-support/until';

const prefix = `docformat-test-queue-consumer-${process.pid}`;
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('QueueConsumer (real Redis)', () => {
  const producer = createRedisConnection(redisUrl, 'producer');
  const connection = createRedisConnection(redisUrl, 'consumer');
  const queue = new JobQueue(producer, { prefix, maxAttempts: 1 });
  const handled: string[] = [];
  const badPayloads: (string | undefined)[] = [];
  const events: QueueConsumerEvents = { onError: () => undefined, onStalled: () => undefined, onBadPayload: (id) => badPayloads.push(id) };
  let consumer: QueueConsumer<string>;

  beforeAll(async () => {
    consumer = await QueueConsumer.start(
      connection,
      { prefix, concurrency: 2, lockMs: 5000 },
      async (jobId) => {
        handled.push(jobId);
        return 'done';
      },
      events,
    );
  });

  afterAll(async () => {
    await consumer.close();
    await queue.removeAll();
    await queue.close();
    producer.disconnect();
    connection.disconnect();
  });

  it('hands the job id of each entry to the handler and completes the entry', async () => {
    const id = randomUUID();
    await queue.enqueueConversion(id, 2000);
    await until(async () => (await queue.state(id)) === 'completed', 5000);
    expect(handled).toContain(id);
    expect(await queue.state(id)).toBe('completed');
  });

  it('skips an entry whose payload is not a job id', async () => {
    // Only a foreign producer can send one: JobQueue's payload is typed.
    const foreign = new Queue(QueueName.CONVERSION, { connection: producer, prefix });
    const entry = await foreign.add(QueueJobName.CONVERT, { jobId: 'not-a-uuid' });
    await until(() => badPayloads.includes(entry.id), 5000);
    await foreign.close();
    expect(badPayloads).toContain(entry.id);
    expect(handled).not.toContain('not-a-uuid');
  });
});
