import { ProcessJobUseCase } from '../src/jobs/process-job.usecase';
import { useWorkerSuite } from './support/harness';

const suite = useWorkerSuite(
  'retries',
  (origin) => {
    origin.route('/flaky.txt', (_req, res, hit) => {
      if (hit === 1) res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('Second time lucky.');
    });
    origin.route('/down.txt', { status: 503, body: 'busy', contentType: 'text/plain' });
    origin.route('/notes.txt', { body: 'Delivered more than once.', contentType: 'text/plain' });
  },
  { JOB_MAX_ATTEMPTS: '2' },
);

describe('transient failures', () => {
  it('retries an origin that answers 503 once, and completes on the second attempt', async () => {
    const id = await suite.client.submit(suite.origin.url('/flaky.txt'));
    // Between attempts the row stays IN_PROGRESS and says what went wrong last.
    const waiting = await suite.client.waitForJob(id, 'waiting for a retry', (job) => job.errorCode !== null);
    expect(waiting).toMatchObject({ status: 'IN_PROGRESS', attempts: 1, errorCode: 'DOWNLOAD_FAILED' });
    expect(waiting.errorMessage).toMatch(/answered 503 Service Unavailable$/);

    const job = await suite.client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'COMPLETED', attempts: 2, errorCode: null, errorMessage: null });
    expect(job.outputs.find((o) => o.format === 'text')?.content).toContain('Second time lucky.');
    expect(suite.origin.hits('/flaky.txt')).toBe(2);
  });

  it('fails with the last error once JOB_MAX_ATTEMPTS attempts are used up', async () => {
    const id = await suite.client.submit(suite.origin.url('/down.txt'));
    const job = await suite.client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'FAILED', attempts: 2, errorCode: 'DOWNLOAD_FAILED' });
    expect(job.errorMessage).toMatch(/answered 503 Service Unavailable$/);
    expect(suite.origin.hits('/down.txt')).toBe(2);
  });
});

describe('the same job delivered more than once', () => {
  it('leaves a completed job as it was when it is delivered again', async () => {
    const id = await suite.client.submit(suite.origin.url('/notes.txt'));
    const first = await suite.client.waitForTerminal(id);
    expect(first.status).toBe('COMPLETED');
    const hits = suite.origin.hits('/notes.txt');

    // A second delivery: drop the finished entry (it would swallow the add) and enqueue again.
    await suite.client.queue.remove(id);
    await suite.client.queue.enqueueConversion(id, 2000);
    await waitForQueueState(id, 'completed');

    const again = await suite.client.waitForTerminal(id);
    expect(again).toEqual(first);
    expect(suite.origin.hits('/notes.txt')).toBe(hits);
  });

  it('writes outputs once when two deliveries run at the same time', async () => {
    const id = await suite.client.insertJob(suite.origin.url('/notes.txt'));
    const processJob = suite.worker.get(ProcessJobUseCase);
    const outcomes = await Promise.all([processJob.execute(id), processJob.execute(id)]);
    expect(outcomes.sort()).toEqual(['completed', 'skipped']);

    const job = await suite.client.waitForTerminal(id);
    expect(job.status).toBe('COMPLETED');
    expect(job.outputs.map((o) => o.format)).toEqual(['markdown', 'text']);
    expect(await suite.client.prisma.jobOutput.count({ where: { jobId: id } })).toBe(2);
  });

  it('fails a job that has used all its attempts without finishing, instead of starting it again', async () => {
    const id = await suite.client.insertJob(suite.origin.url('/notes.txt'));
    await suite.client.prisma.job.update({ where: { id }, data: { status: 'IN_PROGRESS', attempts: 2 } });
    const hits = suite.origin.hits('/notes.txt');
    await suite.client.queue.enqueueConversion(id, 2000);

    const job = await suite.client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'FAILED', attempts: 2, errorCode: 'INTERNAL_ERROR' });
    expect(job.errorMessage).toBe('The conversion was started 2 times without finishing and was given up');
    expect(suite.origin.hits('/notes.txt')).toBe(hits);
  });
});

async function waitForQueueState(id: string, state: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await suite.client.queue.state(id)) === state) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Queue entry ${id} did not become ${state} within ${timeoutMs} ms`);
}
