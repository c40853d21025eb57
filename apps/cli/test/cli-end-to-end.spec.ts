import { DocformatClient } from '@docformat/client';
import { unzipSync } from 'fflate';
import { startFixtureOrigin, startRunningService, type FixtureOrigin, type RunningService } from '@docformat/testing';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli } from './run-cli';

/**
 * The built CLI, spawned as a user runs it, against the real service: an API and a
 * worker process on this project's own database and queue.
 */
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
const LAUNCHER = join(__dirname, '../bin/docformat.js');

let service: RunningService;
let origin: FixtureOrigin;
let env: { DOCFORMAT_URL: string; DOCFORMAT_TOKEN: string };
let out: string;

beforeAll(async () => {
  origin = await startFixtureOrigin(FIXTURES);
  service = await startRunningService({ FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2' });
  env = { DOCFORMAT_URL: service.url, DOCFORMAT_TOKEN: await service.newToken('cli') };
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await origin?.close();
});
beforeEach(() => (out = mkdtempSync(join(tmpdir(), 'docformat-cli-'))));
afterEach(() => rmSync(out, { recursive: true, force: true }));

describe('docformat convert', () => {
  it('writes one file’s markdown to stdout', async () => {
    const run = await runCli(['convert', join(FIXTURES, 'sample.pdf'), '--format', 'markdown'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^# Document Conversion Handbook$/m);
  }, 60_000);

  it('converts a URL too', async () => {
    const run = await runCli(['convert', `${origin.url}/notes.txt`, '-f', 'text'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`${readFileSync(join(FIXTURES, 'notes.txt'), 'utf8').trimEnd()}\n`);
  }, 60_000);

  it('writes a batch into --out, one file per input and format, quietly when stderr is not a terminal', async () => {
    const inputs = ['sample.md', 'notes.txt', 'office-docs/source.docx'].map((name) => join(FIXTURES, name));
    const run = await runCli(['convert', ...inputs, '--format', 'chunks,markdown', '--out', out, '--concurrency', '2'], env);

    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(out).sort()).toEqual([
      'notes.chunks.json',
      'notes.md',
      'sample.chunks.json',
      'sample.md',
      'source.chunks.json',
      'source.md',
    ]);
    const chunks = JSON.parse(readFileSync(join(out, 'sample.chunks.json'), 'utf8')) as { text: string; headings: string[] }[];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]?.headings).toEqual(['Document Conversion Handbook']);
    expect(readFileSync(join(out, 'sample.md'), 'utf8')).toMatch(/^# Document Conversion Handbook$/m);
  }, 90_000);

  it('submits several inputs as batches, the URLs apart from the files, and names a missing file without stopping', async () => {
    const token = await service.newToken('cli-batches');
    const files = ['notes.txt', 'office-docs/source.docx'].map((name) => join(FIXTURES, name));
    const missing = join(FIXTURES, 'no-such-file.pdf');
    const run = await runCli(['convert', ...files, `${origin.url}/sample.md`, missing, '--out', out], { ...env, DOCFORMAT_TOKEN: token });

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${missing}: ENOENT`);
    expect(run.stderr).toContain('1 of 4 inputs failed');
    expect(readdirSync(out).sort()).toEqual(['notes.md', 'sample.md', 'source.md']);
    const client = new DocformatClient({ url: service.url, token });
    const { jobs } = await client.listJobs();
    const records = await Promise.all(jobs.map((job) => client.getJob(job.id)));
    const byBatch = new Map<string | undefined, string[]>();
    for (const job of records) byBatch.set(job.batchId, [...(byBatch.get(job.batchId) ?? []), job.fileName]);
    expect([...byBatch.values()].map((names) => names.sort())).toEqual(
      expect.arrayContaining([['notes.txt', 'source.docx'], [`${origin.url}/sample.md`]]),
    );
    expect(byBatch.has(undefined)).toBe(false);
  }, 60_000);

  it('draws a progress bar when stderr is a terminal', async () => {
    const inputs = ['sample.md', 'notes.txt'].map((name) => join(FIXTURES, name));
    const command = [process.execPath, LAUNCHER, 'convert', ...inputs, '--out', out].map((arg) => `'${arg}'`).join(' ');
    // script(1) runs the CLI on a pseudo-terminal, as a person's shell would.
    const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env } });

    expect(stdout).toContain('0/2');
    expect(stdout).toMatch(/\[#+\] 2\/2/);
    expect(readdirSync(out).sort()).toEqual(['notes.md', 'sample.md']);
  }, 60_000);

  it('exits quietly when the reader closes its output pipe early, as `| head` does', async () => {
    const child = spawn(process.execPath, [LAUNCHER, 'convert', join(FIXTURES, 'sample.pdf'), '--format', 'markdown'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader is gone before the first byte is written: every write meets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  }, 60_000);

  it('goes on past a failed document, names it, and exits 1', async () => {
    const inputs = ['encrypted-user-password.pdf', 'notes.txt'].map((name) => join(FIXTURES, name));
    const run = await runCli(['convert', ...inputs, '--out', out], env);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${inputs[0]}: ENCRYPTED_DOCUMENT:`);
    expect(run.stderr).toContain('1 of 2 inputs failed');
    expect(readdirSync(out)).toEqual(['notes.md']);
  }, 60_000);
});

describe('docformat convert --images and bundle', () => {
  it('links pictures with --images referenced, and zips a job with its pictures', async () => {
    const run = await runCli(['convert', join(FIXTURES, 'extraction/figures.pdf'), '--images', 'referenced'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/!\[Figure 1: The orange test card, photographed\.\]\(\/job\/[0-9a-f-]+\/images\/1\?expires=\d+&signature=/);

    const client = new DocformatClient({ url: env.DOCFORMAT_URL, token: env.DOCFORMAT_TOKEN });
    const job = await client.submit(`${origin.url}/extraction/figures.pdf`, { formats: 'markdown', options: { images: 'referenced' } });
    await client.waitForJob(job.id);
    const zip = join(out, 'figures.zip');
    const bundled = await runCli(['bundle', job.id, '-o', zip], env);
    expect(bundled).toMatchObject({ code: 0, stdout: '' });
    const files = unzipSync(readFileSync(zip));
    expect(Object.keys(files).sort()).toEqual(['document.md', 'images/1.png', 'images/2.png']);
    expect(Buffer.from(files['document.md']).toString('utf8')).toContain('](images/1.png)');
    expect(await runCli(['bundle', '00000000-0000-4000-8000-000000000000'], env)).toMatchObject({ code: 1 });
  }, 60_000);
});

describe('docformat jobs and cancel', () => {
  it('lists recent jobs and cancels one, refusing a second cancel with exit 1', async () => {
    const client = new DocformatClient({ url: env.DOCFORMAT_URL, token: env.DOCFORMAT_TOKEN });
    const job = await client.submit(origin.endlessUrl, { formats: 'text' });

    const listed = await runCli(['jobs', '--limit', '5'], env);
    expect(listed.code).toBe(0);
    const [header, first] = listed.stdout.split('\n');
    expect(header).toMatch(/^ID\s+STATUS\s+TYPE\s+PAGES\s+CREATED\s+FILE\s+ERROR$/);
    expect(first).toMatch(new RegExp(`^${job.id}\\s+(CREATED|IN_PROGRESS)\\s+format\\s+0\\s+\\S+Z\\s+${origin.endlessUrl}$`));

    const cancelled = await runCli(['cancel', job.id], env);
    expect(cancelled).toEqual({ code: 0, stdout: `${job.id} cancelled\n`, stderr: '' });
    expect(await client.getJob(job.id)).toMatchObject({ status: 'FAILED', error: { code: 'CANCELLED' } });

    const again = await runCli(['cancel', job.id], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(new RegExp(`^docformat: ${job.id}: JOB_FINISHED: `));

    const json = await runCli(['jobs', '--status', 'FAILED', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      jobs: expect.arrayContaining([expect.objectContaining({ id: job.id, status: 'FAILED' })]),
    });
  }, 60_000);
});

describe('docformat page', () => {
  it('writes a page image to the file named, and names a page past the end with exit 1', async () => {
    const converted = await new DocformatClient({ url: env.DOCFORMAT_URL, token: env.DOCFORMAT_TOKEN }).convert(
      `${origin.url}/pdf-structure/tables.pdf`,
      { formats: 'text' },
    );
    const file = join(out, 'page.webp');
    const run = await runCli(['page', converted.job.id, '2', '-o', file, '--dpi', '72', '--format', 'webp'], env);
    expect(run).toMatchObject({ code: 0, stdout: `${file}\n`, stderr: '' });
    expect(readFileSync(file).subarray(8, 12).toString('latin1')).toBe('WEBP');

    const past = await runCli(['page', converted.job.id, '3', '-o', join(out, 'none.png')], env);
    expect(past.code).toBe(1);
    expect(past.stderr).toContain('There is no page 3: the document has 2 pages.');
    expect(readdirSync(out)).toEqual(['page.webp']);
    expect((await runCli(['page', converted.job.id, '1', '--dpi', '500'], env)).code).toBe(2);
  }, 60_000);
});

describe('settings and errors', () => {
  it('says the token was refused, with exit 1', async () => {
    const run = await runCli(['jobs'], { ...env, DOCFORMAT_TOKEN: 'not-a-token-of-this-service' });
    expect(run.code).toBe(1);
    expect(run.stderr.startsWith(`docformat: the API at ${service.url} refused the token (401 UNAUTHORIZED): check DOCFORMAT_TOKEN`)).toBe(
      true,
    );
  });

  it('asks for DOCFORMAT_TOKEN when it is missing, with exit 2', async () => {
    const run = await runCli(['jobs'], { DOCFORMAT_URL: service.url, DOCFORMAT_TOKEN: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^docformat: DOCFORMAT_TOKEN is not set/);
  });

  it('names a file that does not exist', async () => {
    const run = await runCli(['convert', join(out, 'missing.pdf')], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ENOENT');
    expect(run.stderr).toContain('missing.pdf');
  });
});
