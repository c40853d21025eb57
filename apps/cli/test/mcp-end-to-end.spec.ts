import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startFixtureOrigin, startRunningService, type FixtureOrigin, type RunningService } from '@docformat/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './run-cli';

/**
 * `docformat mcp`, the built CLI spawned as an agent spawns it, driven over stdio by the
 * MCP SDK's own client, against the real service: an API and a worker process.
 */
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
const LAUNCHER = join(__dirname, '../bin/docformat.js');

let service: RunningService;
let origin: FixtureOrigin;
let env: { DOCFORMAT_URL: string; DOCFORMAT_TOKEN: string };
let client: Client;
let stderr = '';
let startMs = 0;

/** Spawns `docformat mcp` with `extra` on top of this environment and initializes the SDK's client over its stdio. */
async function spawnMcp(extra: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [LAUNCHER, 'mcp'],
    env: { ...(process.env as Record<string, string>), ...extra },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const mcp = new Client({ name: 'docformat-cli-e2e', version: '1.0.0' });
  await mcp.connect(transport);
  return mcp;
}

beforeAll(async () => {
  origin = await startFixtureOrigin(FIXTURES);
  service = await startRunningService({ FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2' });
  env = { DOCFORMAT_URL: service.url, DOCFORMAT_TOKEN: await service.newToken('cli-mcp') };
  const started = performance.now();
  client = await spawnMcp(env);
  startMs = performance.now() - started;
}, 120_000);
afterAll(async () => {
  await client?.close();
  await service?.stop();
  await origin?.close();
});

const texts = (result: unknown) => (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : ''));
const jobIdOf = (result: unknown) => /Job ([0-9a-f-]{36}) /.exec(texts(result).at(-1) ?? '')?.[1] ?? '';

describe('docformat mcp', () => {
  let convertedId = '';

  it('lists the four tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['convert_document', 'get_job', 'list_jobs', 'extract_document']);
  });

  it('converts a one-page PDF from a URL to markdown', async () => {
    const started = performance.now();
    const result = await client.callTool({ name: 'convert_document', arguments: { url: `${origin.url}/pdf-structure/headings.pdf` } });
    const convertMs = performance.now() - started;
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toMatch(/^# Rainwater Harvesting at Home$/m);
    convertedId = jobIdOf(result);

    const getStarted = performance.now();
    await client.callTool({ name: 'get_job', arguments: { id: convertedId } });
    const getMs = performance.now() - getStarted;
    // Again, converted anew (not from the result cache) by a conversion thread that has started already.
    const againStarted = performance.now();
    const again = await client.callTool({
      name: 'convert_document',
      arguments: { url: `${origin.url}/pdf-structure/headings.pdf`, cache: false },
    });
    const againMs = performance.now() - againStarted;
    expect(again.isError).toBeFalsy();
    process.stdout.write(
      `MCP over stdio: spawn + initialize ${startMs.toFixed(0)} ms; tools/call get_job ${getMs.toFixed(1)} ms; ` +
        `convert_document of a one-page PDF ${convertMs.toFixed(0)} ms (the worker's first conversion), ${againMs.toFixed(0)} ms after\n`,
    );
  }, 60_000);

  it('uploads a local file sent as base64 content', async () => {
    const content = readFileSync(join(FIXTURES, 'sample.md'));
    const result = await client.callTool({
      name: 'convert_document',
      arguments: { content: content.toString('base64'), fileName: 'sample.md', format: 'markdown' },
    });
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toMatch(/^# Document Conversion Handbook$/m);
  }, 60_000);

  it('answers the job id once the time limit passes; get_job and list_jobs find the jobs', async () => {
    const pending = await client.callTool({ name: 'convert_document', arguments: { url: origin.endlessUrl, timeoutSeconds: 1 } });
    expect(pending.isError).toBeFalsy();
    const { id } = pending.structuredContent as { id: string };
    expect(texts(pending)[0]).toContain(`Call get_job with {"id": "${id}"`);

    const done = JSON.parse(texts(await client.callTool({ name: 'get_job', arguments: { id: convertedId, waitSeconds: 5 } }))[0] ?? '');
    expect(done).toMatchObject({ id: convertedId, status: 'COMPLETED', pages: 1 });
    expect(done.formats.markdown).toMatch(/^# Rainwater Harvesting at Home$/m);

    const list = JSON.parse(texts(await client.callTool({ name: 'list_jobs', arguments: { limit: 10 } }))[0] ?? '');
    expect(list.jobs.map((job: { id: string }) => job.id)).toEqual(expect.arrayContaining([id, convertedId]));
    expect(list.jobs[0]).toMatchObject({ id, status: expect.stringMatching(/CREATED|IN_PROGRESS/) });
    await fetch(`${env.DOCFORMAT_URL}/job/${id}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${env.DOCFORMAT_TOKEN}` } });
  }, 30_000);

  it('extracts through POST /extract', async () => {
    const result = await client.callTool({ name: 'extract_document', arguments: { url: `${origin.url}/extraction/field-report.html` } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(texts(result)[0] ?? '').result.tables.length).toBeGreaterThan(0);
  }, 60_000);

  it("reports the API's problems as tool errors with their codes, and keeps serving", async () => {
    const bad = await client.callTool({ name: 'convert_document', arguments: { url: `${origin.url}/notes.txt`, pages: 'first' } });
    expect(bad).toMatchObject({ isError: true, structuredContent: { code: 'VALIDATION_FAILED', status: 400 } });
    const unknown = await client.callTool({ name: 'get_job', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND', status: 404 } });
    expect((await client.listTools()).tools).toHaveLength(4);
    expect(stderr).toBe('');
  }, 30_000);

  it('says UNAUTHORIZED for a token the API refuses, and exits 2 without one', async () => {
    const refused = await spawnMcp({ ...env, DOCFORMAT_TOKEN: 'dft_revoked-or-made-up' });
    try {
      const result = await refused.callTool({ name: 'list_jobs', arguments: {} });
      expect(result).toMatchObject({ isError: true, structuredContent: { code: 'UNAUTHORIZED', status: 401 } });
    } finally {
      await refused.close();
    }
    const run = await runCli(['mcp'], { DOCFORMAT_URL: env.DOCFORMAT_URL, DOCFORMAT_TOKEN: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DOCFORMAT_TOKEN is not set');
  }, 30_000);
});
