import type { AppConfig } from '@docformat/config';
import { ClientJobRepository } from '@docformat/db';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { isEvent, spawnWorker, type ChildWorker, type LogLine } from './support/child-worker';
import { fixture } from './support/fixtures';
import { filePrefix, startTestClient, testConfig, type JobSnapshot, type TestClient } from './support/harness';
import { startOrigin, type OriginServer } from './support/origin-server';

/**
 * One long document across several worker processes (issue 31): real Postgres, Redis
 * and worker processes, each one conversion at a time, with small ranges so that short
 * real documents are split: 4 text pages or 1 scanned page per range.
 */
const env = {
  WORKER_CONCURRENCY: '1',
  OCR_THREADS: '1',
  SPLIT_PAGES: '4',
  SPLIT_OCR_PAGES: '1',
  // Short locks: a killed worker's range is taken over within seconds.
  JOB_LOCK_MS: '3000',
  SWEEP_INTERVAL_MS: '3600000',
  FETCH_ALLOW_PRIVATE: 'true',
};

/** The PDF/UA reference suite's 21-page tagged book chapter (libs/converters/bench/third-party, its README gives source and licence). */
const BOOK = readFileSync(join(__dirname, '../../../libs/converters/bench/third-party/corpus/pdfua/PDFUA-Ref-2-05_BookChapter-german.pdf'));
const FORMATS = ['text', 'markdown', 'html', 'json'];

let config: AppConfig;
let origin: OriginServer;
let client: TestClient;
let scan: Buffer;
const workers: ChildWorker[] = [];

/** A scanned document of `copies` × the 3 pages of the scanned report fixture (made here; libs/converters/fixtures/scanned/make.sh). */
async function longScan(copies: number): Promise<Buffer> {
  const source = await PDFDocument.load(fixture('scanned/scanned-report.pdf'));
  const made = await PDFDocument.create();
  for (let i = 0; i < copies; i++) for (const page of await made.copyPages(source, source.getPageIndices())) made.addPage(page);
  return Buffer.from(await made.save());
}

async function startWorkers(count: number, extra: NodeJS.ProcessEnv = {}): Promise<ChildWorker[]> {
  const started = Array.from({ length: count }, () => spawnWorker({ ...env, QUEUE_PREFIX: config.QUEUE_PREFIX, ...extra }));
  workers.push(...started);
  await Promise.all(started.map((worker) => worker.waitForLog(isEvent('worker.started'), 'worker.started', 60_000)));
  return started;
}

async function stopWorkers(): Promise<void> {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
}

/** Every log line of every worker for the job, with the worker's index. */
function linesOf(jobId: string, event?: string): Array<LogLine & { worker: number }> {
  return workers.flatMap((worker, index) =>
    worker.logs
      .filter((line) => line.jobId === jobId && (event === undefined || line.event === event))
      .map((line) => ({ ...line, worker: index })),
  );
}

function outputsOf(job: JobSnapshot): Record<string, unknown> {
  return Object.fromEntries(job.outputs.map((output) => [output.format, output.content ?? output.json]));
}

beforeAll(async () => {
  config = testConfig({ QUEUE_PREFIX: filePrefix('split'), ...env });
  origin = await startOrigin();
  client = await startTestClient(config);
  scan = await longScan(2);
  origin.route('/book.pdf', { body: BOOK, contentType: 'application/pdf' });
  origin.route('/scan.pdf', { body: scan, contentType: 'application/pdf' });
});

afterEach(stopWorkers);

afterAll(async () => {
  await stopWorkers();
  await client?.close();
  await origin?.close();
});

describe('a long PDF split into page ranges across worker processes', () => {
  it('is assembled byte for byte as one worker converts it whole, its ranges read by several workers', async () => {
    await startWorkers(2);
    const whole = await client.submit(origin.url('/book.pdf'), FORMATS, { split: false, cache: false });
    const wholeJob = await client.waitForTerminal(whole, 120_000);
    expect(wholeJob.status).toBe('COMPLETED');
    expect(linesOf(whole, 'job.split')).toHaveLength(0);

    const split = await client.submit(origin.url('/book.pdf'), FORMATS, { cache: false });
    const splitJob = await client.waitForTerminal(split, 120_000);
    expect(splitJob.status).toBe('COMPLETED');
    expect(linesOf(split, 'job.split')[0]).toMatchObject({ ranges: 6 });
    const readers = new Set(linesOf(split, 'range.completed').map((line) => line.worker));
    expect(readers.size).toBe(2);
    expect(outputsOf(splitJob)).toEqual(outputsOf(wholeJob));
    expect(splitJob.pages).toBe(wholeJob.pages);
    expect(splitJob.result).toEqual(wholeJob.result);
    // The split's document and parts go when the job ends.
    expect(await client.prisma.jobSplit.count({ where: { jobId: split } })).toBe(0);
    expect(splitJob.pagesDone).toBe(21);
  }, 240_000);

  it('completes when a worker is killed in the middle of a range, another worker taking the range over', async () => {
    const [first, second] = await startWorkers(2);
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false });
    // The first range a worker starts after the split (not the planner's own).
    const [killed, line] = await Promise.race(
      [first, second].map((worker) =>
        worker.waitForLog(isEvent('range.started', id), 'range.started', 120_000).then((started) => [worker, started] as const),
      ),
    );
    killed.child.kill('SIGKILL');
    const job = await client.waitForTerminal(id, 240_000);
    expect(job.status).toBe('COMPLETED');
    expect(job.pages).toBe(6);
    expect(String(outputsOf(job)['text'])).toContain('Supported Inputs');
    // The range the killed worker had started was read by the other.
    const survivor = killed === first ? second : first;
    expect(survivor.logs.some((done) => done.event === 'range.completed' && done.jobId === id && done.range === line.range)).toBe(true);
  }, 300_000);

  it('completes after Redis loses every entry mid-job, reading again at most the ranges that were running', async () => {
    // The sweep (every second here) queues the job again; its delivery queues what Postgres has unfinished.
    await startWorkers(2, { SWEEP_INTERVAL_MS: '1000' });
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false });
    await Promise.all(workers.map((worker) => worker.waitForLog(isEvent('range.completed', id), 'a range read', 120_000)));
    const before = linesOf(id, 'range.completed').length;
    expect(await client.flushQueueKeys()).toBeGreaterThan(0);
    const job = await client.waitForTerminal(id, 240_000);
    expect(job.status).toBe('COMPLETED');
    expect(job.pages).toBe(6);
    expect(linesOf(id, 'job.ranges_requeued').length).toBeGreaterThan(0);
    // Six ranges (the planner's first among them): each read once, but those running at the flush (one per worker) perhaps twice.
    const reads = linesOf(id, 'range.started').length + 1;
    process.stdout.write(`split after a flush: ${before} ranges were read before it, ${reads} readings in all for 6 ranges\n`);
    expect(reads).toBeLessThanOrEqual(6 + workers.length);
  }, 300_000);

  it('shows progress that rises with every range read, up to every page', async () => {
    await startWorkers(2);
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false });
    const seen: number[] = [];
    let job: JobSnapshot | null = null;
    while (!job || (job.status !== 'COMPLETED' && job.status !== 'FAILED')) {
      job = await client.prisma.job.findUnique({ where: { id }, include: { outputs: true } });
      if (job?.pagesDone !== null && job?.pagesDone !== undefined && seen.at(-1) !== job.pagesDone) seen.push(job.pagesDone);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job.status).toBe('COMPLETED');
    expect(job.pagesTotal).toBe(6);
    // Rising, never falling, through several steps, to all 6 pages.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(6);
  }, 240_000);

  it('shows the progress of a long job converted whole too, ending at every page', async () => {
    await startWorkers(1);
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false, split: false });
    const running = await client.waitForJob(id, 'showing its page count', (job) => job.pagesTotal !== null, 120_000);
    expect(running).toMatchObject({ status: 'IN_PROGRESS', pagesTotal: 6 });
    const job = await client.waitForTerminal(id, 240_000);
    expect(job).toMatchObject({ status: 'COMPLETED', pagesTotal: 6, pagesDone: 6 });
    expect(linesOf(id, 'job.split')).toHaveLength(0);
  }, 300_000);

  it('fails the job with the error of a range that fails for good', async () => {
    // Ranges of 6 pages, each given 5 s: 6 of the book's text pages take about a second, 6 scanned pages (OCR) about twice 5 s.
    await startWorkers(2, { CONVERSION_TIMEOUT_MS: '5000', SPLIT_PAGES: '6', SPLIT_OCR_PAGES: '6' });
    const made = await PDFDocument.load(BOOK);
    const source = await PDFDocument.load(scan);
    for (const page of await made.copyPages(source, source.getPageIndices())) made.addPage(page);
    origin.route('/book-and-scan.pdf', { body: Buffer.from(await made.save()), contentType: 'application/pdf' });
    const id = await client.submit(origin.url('/book-and-scan.pdf'), ['text'], { cache: false });
    const job = await client.waitForTerminal(id, 120_000);
    expect(job.status).toBe('FAILED');
    expect(job.errorCode).toBe('CONVERSION_TIMEOUT');
    const failed = await Promise.any(workers.map((worker) => worker.waitForLog(isEvent('job.failed', id), 'job.failed')));
    expect(failed.range).toBeGreaterThan(0);
    expect(linesOf(id, 'job.failed')).toHaveLength(1);
    expect(await client.prisma.jobSplit.count({ where: { jobId: id } })).toBe(0);
  }, 240_000);

  it('keeps no more ranges of one client running than SPLIT_RANGES_PER_CLIENT', async () => {
    await startWorkers(2, { SPLIT_RANGES_PER_CLIENT: '1' });
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false });
    const job = await client.waitForTerminal(id, 240_000);
    expect(job.status).toBe('COMPLETED');
    // From the logs: each range from its start to its end (the planner's range 0 from the split), never two at once.
    const spans = workers.flatMap((worker) => {
      const lines = worker.logs.filter((line) => line.jobId === id);
      const at = (line: LogLine) => Date.parse(String(line.time));
      return lines
        .filter((line) => line.event === 'range.completed')
        .map((done) => {
          const start = lines.find((line) =>
            done.range === 0 ? line.event === 'job.split' : line.event === 'range.started' && line.range === done.range,
          );
          return [start ? at(start) : at(done), at(done)] as const;
        });
    });
    expect(spans).toHaveLength(6);
    // A range is DONE in Postgres a moment before its worker logs it, and the next claim may be
    // logged in that moment: starts within LOG_LAG_MS of another's logged end are no overlap.
    const LOG_LAG_MS = 250;
    const overlapping = spans.filter(([start], i) =>
      spans.some(([otherStart, otherEnd], j) => j !== i && otherStart < start && start < otherEnd - LOG_LAG_MS),
    );
    expect(overlapping).toEqual([]);
  }, 300_000);

  it("lets another client's one-page job start before all but a couple of a split 2,000-page job's queued ranges", async () => {
    const [worker] = await startWorkers(1, { MAX_PAGES: '100000' });
    if (!worker) throw new Error('No worker started');
    const hundred = await PDFDocument.load(fixture('extraction/hundred-pages.pdf'));
    const long = await PDFDocument.create();
    for (let i = 0; i < 20; i++) for (const page of await long.copyPages(hundred, hundred.getPageIndices())) long.addPage(page);
    origin.route('/two-thousand.pdf', { body: Buffer.from(await long.save()), contentType: 'application/pdf' });
    origin.route('/one-page.txt', { body: 'One page of plain text.', contentType: 'text/plain' });
    const ownerB = (
      await client.prisma.apiToken.create({ data: { name: 'client B', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, 'b') } })
    ).id;

    const a = await client.insertJob(origin.url('/two-thousand.pdf'), ['text'], { cache: false });
    await client.queue.enqueueConversion(a, 2000, { ownerId: client.ownerId });
    const split = await worker.waitForLog(isEvent('job.split', a), 'job.split', 120_000);
    expect(split.ranges).toBe(500);
    // B's job is queued behind all of A's 499 queued ranges.
    const b = randomUUID();
    await client.prisma.job.create({
      data: { id: b, ownerId: ownerB, type: 'format', fileUrl: origin.url('/one-page.txt'), requestedFormats: ['text'] },
    });
    const bQueued = Date.now();
    await client.queue.enqueueConversion(b, 2000, { ownerId: ownerB });
    const bStarted = await worker.waitForLog(isEvent('job.started', b), "B's job to start", 60_000);
    const aRangesBefore = worker.logs.filter(
      (line) => line.event === 'range.started' && line.jobId === a && Date.parse(String(line.time)) <= Date.parse(String(bStarted.time)),
    );
    process.stdout.write(
      `split fairness: B's job started ${Date.now() - bQueued} ms after it was queued, after ${aRangesBefore.length} of A's queued ranges\n`,
    );
    expect(aRangesBefore.length).toBeLessThanOrEqual(2);
    expect((await client.waitForTerminal(b)).status).toBe('COMPLETED');
    await new ClientJobRepository(client.prisma).cancel(a, client.ownerId, 'The job was cancelled by its client.');
  }, 240_000);

  it('stops every running range within a second of a cancel', async () => {
    await startWorkers(2);
    const id = await client.submit(origin.url('/scan.pdf'), ['text'], { cache: false });
    await Promise.all(workers.map((worker) => worker.waitForLog(isEvent('range.started', id), 'range.started', 120_000)));
    // Which workers were reading a range when the cancel came: more started than ended. A range
    // whose reading was finishing as the cancel committed ends as skipped (the job has ended, its
    // part is refused) or completed rather than stopped: either way its reading has ended.
    const ends = ['range.stopped', 'job.stopped', 'range.skipped', 'range.completed'];
    const count = (worker: ChildWorker, events: string[]) =>
      worker.logs.filter((line) => line.jobId === id && events.includes(line.event ?? '')).length;
    const reading = (worker: ChildWorker) => count(worker, ['range.started', 'job.split']) > count(worker, ends);
    const cancelledAt = Date.now();
    expect(await new ClientJobRepository(client.prisma).cancel(id, client.ownerId, 'The job was cancelled by its client.')).toBe(
      'cancelled',
    );
    const interrupted = workers.filter(reading);
    expect(interrupted.length).toBeGreaterThan(0);
    await Promise.all(
      interrupted.map((worker) => {
        const loggedBefore = worker.logs.length;
        return worker.waitForLog(
          (line) => line.jobId === id && ends.includes(line.event ?? '') && worker.logs.indexOf(line) >= loggedBefore,
          'the range to stop',
          5000,
        );
      }),
    );
    const stoppedAfterMs = Date.now() - cancelledAt;
    process.stdout.write(`split cancellation: ${interrupted.length} running range(s) stopped ${stoppedAfterMs} ms after the cancel\n`);
    expect(stoppedAfterMs).toBeLessThan(2000);
    // Ranges still queued start no reading.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // (A claim made just before the cancel committed may log its start a moment after it.)
    const after = linesOf(id, 'range.started').filter((line) => Date.parse(String(line.time)) > cancelledAt + 250);
    expect(after).toHaveLength(0);
    const job = await client.waitForTerminal(id);
    expect(job.errorCode).toBe('CANCELLED');
  }, 240_000);
});
