import { JobProcessingRepository } from '@docformat/db';
import { JobQueue } from '@docformat/queue';
import { PROBLEM_KEYS, startTestApp, submitJob, type TestApp } from './test-app';

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['newClient']>>;
let bob: Awaited<ReturnType<TestApp['newClient']>>;
/** Moves jobs on as the worker does. */
let worker: JobProcessingRepository;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.newClient('alice-control');
  bob = await t.newClient('bob-control');
  worker = new JobProcessingRepository(t.prisma);
});
afterAll(() => t.close());

const submit = () => submitJob(t, alice, { file: 'https://example.com/doc.pdf', format: { type: 'markdown' } });

describe('POST /job/{id}/cancel', () => {
  it('fails a CREATED job with CANCELLED and takes it off the queue', async () => {
    const id = await submit();
    expect(await t.app.get(JobQueue).state(id)).toBe('prioritized');
    const res = await t.http().post(`/job/${id}/cancel`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'FAILED', error: { code: 'CANCELLED', message: 'The job was cancelled by its client.' } });
    expect(res.body.completedAt).not.toBeNull();
    expect(await t.app.get(JobQueue).state(id)).toBe('unknown');
    expect((await t.http().get(`/job/${id}`).set(alice.auth)).body.status).toBe('FAILED');
  });

  it('cancels an IN_PROGRESS job', async () => {
    const id = await submit();
    await worker.claim(id);
    const res = await t.http().post(`/job/${id}/cancel`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILED', error: { code: 'CANCELLED' }, attempts: 1 });
  });

  it('answers 409 JOB_FINISHED for a job that has ended, and changes nothing', async () => {
    const id = await submit();
    await t.http().post(`/job/${id}/cancel`).set(alice.auth);
    const again = await t.http().post(`/job/${id}/cancel`).set(alice.auth);
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(again.body).sort()).toEqual(PROBLEM_KEYS);
    expect(again.body).toMatchObject({ code: 'JOB_FINISHED', detail: `The job ${id} is FAILED already and cannot be cancelled.` });

    const completed = await submit();
    await worker.claim(completed);
    await worker.complete(completed, {
      pages: 1,
      result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] },
      outputs: {},
    });
    const late = await t.http().post(`/job/${completed}/cancel`).set(alice.auth);
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('COMPLETED');
    expect((await t.http().get(`/job/${completed}`).set(alice.auth)).body.status).toBe('COMPLETED');
  });

  it("answers 404 for another client's job, an unknown id and a malformed one, and leaves the job alone", async () => {
    const id = await submit();
    for (const target of [id, '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11', 'nope']) {
      const res = await t.http().post(`/job/${target}/cancel`).set(bob.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await t.http().get(`/job/${id}`).set(alice.auth)).body.status).toBe('CREATED');
  });

  it('needs a token', async () => {
    expect((await t.http().post(`/job/${await submit()}/cancel`)).status).toBe(401);
  });
});

describe('DELETE /job/{id}', () => {
  it('removes the job and its outputs: 204, then 404', async () => {
    const id = await submit();
    await worker.claim(id);
    await worker.complete(id, {
      pages: 1,
      result: { mimeType: 'text/plain', bytes: 1, sha256: 'x', metadata: {}, warnings: [] },
      outputs: { markdown: { mediaType: 'text/markdown', body: '# Gone' } },
    });
    const res = await t.http().delete(`/job/${id}`).set(alice.auth);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.http().get(`/job/${id}`).set(alice.auth)).status).toBe(404);
    expect(await t.prisma.jobOutput.count({ where: { jobId: id } })).toBe(0);
    expect((await t.http().delete(`/job/${id}`).set(alice.auth)).status).toBe(404);
  });

  it('deletes a queued job and its queue entry', async () => {
    const id = await submit();
    expect((await t.http().delete(`/job/${id}`).set(alice.auth)).status).toBe(204);
    expect(await t.app.get(JobQueue).state(id)).toBe('unknown');
  });

  it("refuses another client's job with 404 and keeps it", async () => {
    const id = await submit();
    expect((await t.http().delete(`/job/${id}`).set(bob.auth)).status).toBe(404);
    expect((await t.http().get(`/job/${id}`).set(alice.auth)).status).toBe(200);
  });
});
