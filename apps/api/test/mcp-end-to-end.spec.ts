import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { prepareTestDatabase, startFixtureOrigin, testEnvironment, type FixtureOrigin } from '@docformat/testing';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type WorkerProcess, startWorkerProcess, stopEndToEnd } from './support/worker-process';
import { startTestApp, type TestApp } from './test-app';

/**
 * POST /mcp driven by the MCP SDK's own client over Streamable HTTP, against the API
 * listening on loopback and a real worker process converting fixtures from a local
 * origin. A database and queue of this file's own (the worker takes every queued job).
 */
const ISOLATED = 'api_mcp_e2e';
const { databaseUrl: DATABASE_URL, queuePrefix: QUEUE_PREFIX } = testEnvironment(ISOLATED);
const FIXTURES = join(__dirname, '../../../libs/converters/fixtures');
const RATE_LIMIT = 30;

let t: TestApp;
let worker: WorkerProcess;
let origin: FixtureOrigin;
let base = '';
let token = '';
const clients: Client[] = [];

beforeAll(async () => {
  await prepareTestDatabase(ISOLATED);
  t = await startTestApp({ DATABASE_URL, QUEUE_PREFIX, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  origin = await startFixtureOrigin(FIXTURES);
  worker = await startWorkerProcess({ DATABASE_URL, QUEUE_PREFIX, FETCH_ALLOW_PRIVATE: 'true', WORKER_CONCURRENCY: '2' });
  token = (await t.newClient('mcp-e2e')).token;
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await origin?.close();
  await stopEndToEnd(t, worker, undefined, QUEUE_PREFIX);
});

/** The SDK's client, initialized over Streamable HTTP with a bearer token. */
async function connect(bearer = token): Promise<Client> {
  const client = new Client({ name: 'docformat-e2e', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${bearer}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const texts = (result: unknown) => (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : ''));
const jobIdOf = (result: unknown) => /Job ([0-9a-f-]{36}) /.exec(texts(result).at(-1) ?? '')?.[1] ?? '';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('POST /mcp', () => {
  it('answers 401 without a token or with an unknown one, as the REST API does', async () => {
    const bare = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(INITIALIZE) });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="docformat"');
    expect(await bare.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(connect('dft_not-a-token')).rejects.toThrow(/401/);
  });

  it('answers initialize and tools/list as plain JSON to curl-like requests, and 405 to GET', async () => {
    const post = (body: unknown) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const init = await post(INITIALIZE);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(await init.json()).toMatchObject({ id: 1, result: { serverInfo: { name: 'docformat' }, capabilities: { tools: {} } } });
    const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const names = ((await list.json()) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
    expect(names).toEqual(['convert_document', 'get_job', 'list_jobs', 'extract_document']);
    const get = await fetch(`${base}/mcp`, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('the MCP tools through the SDK client', () => {
  let convertedId = '';

  it('lists the four tools with their input schemas', async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['convert_document', 'get_job', 'list_jobs', 'extract_document']);
    expect(tools[0]?.inputSchema.properties?.['format']).toBeDefined();
  });

  it('converts a one-page PDF from a URL and returns its markdown', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'convert_document',
      arguments: { url: `${origin.url}/pdf-structure/headings.pdf`, format: 'markdown' },
    });
    expect(result.isError).toBeFalsy();
    const [markdown, line] = texts(result);
    expect(markdown).toMatch(/^# Rainwater Harvesting at Home$/m);
    expect(markdown).toMatch(/^## Collecting$/m);
    expect(line).toMatch(/^Job [0-9a-f-]{36} COMPLETED: 1 page\(s\) of application\/pdf; outputs above, in this order: markdown\.$/);
    convertedId = jobIdOf(result);
  }, 60_000);

  it('converts base64 content under its file name, in two formats', async () => {
    const content = readFileSync(join(FIXTURES, 'notes.txt'));
    const result = await (
      await connect()
    ).callTool({
      name: 'convert_document',
      arguments: { content: content.toString('base64'), fileName: 'notes.txt', format: ['text', 'chunks'] },
    });
    expect(result.isError).toBeFalsy();
    const [text, chunks] = texts(result);
    expect(text).toContain(content.toString('utf8').split('\n')[0]);
    expect(JSON.parse(chunks ?? '')[0]).toMatchObject({ index: 0 });
  }, 60_000);

  it('answers the job id and status once the time limit passes, and get_job finds the job', async () => {
    const client = await connect();
    const started = Date.now();
    const result = await client.callTool({
      name: 'convert_document',
      arguments: { url: origin.endlessUrl, format: 'text', timeoutSeconds: 1 },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.isError).toBeFalsy();
    const { id, status } = result.structuredContent as { id: string; status: string };
    expect(['CREATED', 'IN_PROGRESS']).toContain(status);
    expect(texts(result)[0]).toContain(`Call get_job with {"id": "${id}"`);

    const job = await client.callTool({ name: 'get_job', arguments: { id } });
    expect(JSON.parse(texts(job)[0] ?? '')).toMatchObject({
      id,
      fileName: origin.endlessUrl,
      status: expect.stringMatching(/CREATED|IN_PROGRESS/),
    });
    // Free the worker's slot.
    expect(
      (
        await t
          .http()
          .post(`/job/${id}/cancel`)
          .set({ Authorization: `Bearer ${token}` })
      ).status,
    ).toBe(200);
  }, 30_000);

  it("get_job returns a completed job's record with its outputs, and list_jobs pages the client's jobs", async () => {
    const client = await connect();
    const job = JSON.parse(texts(await client.callTool({ name: 'get_job', arguments: { id: convertedId, waitSeconds: 5 } }))[0] ?? '');
    expect(job).toMatchObject({ id: convertedId, status: 'COMPLETED', pages: 1, type: 'format', requestedFormats: ['markdown'] });
    expect(job.formats.markdown).toMatch(/^# Rainwater Harvesting at Home$/m);

    const page = JSON.parse(texts(await client.callTool({ name: 'list_jobs', arguments: { limit: 2 } }))[0] ?? '');
    expect(page.jobs).toHaveLength(2);
    expect(page.jobs[0]).not.toHaveProperty('formats');
    const next = JSON.parse(
      texts(await client.callTool({ name: 'list_jobs', arguments: { cursor: page.nextCursor, limit: 100 } }))[0] ?? '',
    );
    const ids = [...page.jobs, ...next.jobs].map((j: { id: string }) => j.id);
    expect(ids).toContain(convertedId);
    const completed = JSON.parse(texts(await client.callTool({ name: 'list_jobs', arguments: { status: 'COMPLETED' } }))[0] ?? '');
    expect(completed.jobs.every((j: { status: string }) => j.status === 'COMPLETED')).toBe(true);
  }, 30_000);

  it('extracts tables and links', async () => {
    const result = await (
      await connect()
    ).callTool({
      name: 'extract_document',
      arguments: { url: `${origin.url}/extraction/field-report.html` },
    });
    expect(result.isError).toBeFalsy();
    const extraction = JSON.parse(texts(result)[0] ?? '');
    expect(extraction.result.tables.length).toBeGreaterThan(0);
    expect(extraction.result.links.length).toBeGreaterThan(0);
    expect(extraction.result).not.toHaveProperty('document');
  }, 60_000);

  it("reports bad requests, unknown jobs, failed jobs and the rate limit as tool errors with the API's codes", async () => {
    const client = await connect();
    const badPages = await client.callTool({ name: 'convert_document', arguments: { url: `${origin.url}/notes.txt`, pages: 'first' } });
    expect(badPages).toMatchObject({ isError: true, structuredContent: { code: 'VALIDATION_FAILED', status: 400 } });
    expect(texts(badPages)[0]).toMatch(/^VALIDATION_FAILED: format\.pages has "first", which is not a page/);

    const unknown = await client.callTool({ name: 'get_job', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND', status: 404 } });

    const failed = await client.callTool({ name: 'convert_document', arguments: { url: `${origin.url}/encrypted-user-password.pdf` } });
    expect(failed.isError).toBe(true);
    expect(texts(failed)[0]).toMatch(/^ENCRYPTED_DOCUMENT: .*\(job [0-9a-f-]{36}\)$/);

    // The REST API and the tools share one count: a minute's submissions spent on POST /format (refused bodies count too).
    const limited = await t.newClient('mcp-limited');
    for (let i = 0; i < RATE_LIMIT; i++) expect((await t.http().post('/format').set(limited.auth).send({})).status).toBe(400);
    const refused = await (
      await connect(limited.token)
    ).callTool({ name: 'convert_document', arguments: { url: `${origin.url}/notes.txt` } });
    expect(refused).toMatchObject({ isError: true, structuredContent: { code: 'RATE_LIMITED', status: 429 } });
    expect(await t.prisma.job.count({ where: { ownerId: limited.id } })).toBe(0);
  }, 60_000);

  it('measures the round trip: initialize + get_job, and convert_document of a one-page PDF', async () => {
    const roundTrips: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const client = await connect();
      await client.callTool({ name: 'get_job', arguments: { id: convertedId } });
      roundTrips.push(performance.now() - started);
    }
    const conversions: number[] = [];
    const client = await connect();
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const result = await client.callTool({
        name: 'convert_document',
        arguments: { url: `${origin.url}/pdf-structure/headings.pdf`, cache: false },
      });
      conversions.push(performance.now() - started);
      expect(result.isError).toBeFalsy();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    process.stdout.write(
      `MCP over HTTP: initialize + tools/call get_job median ${median(roundTrips).toFixed(1)} ms ` +
        `(min ${Math.min(...roundTrips).toFixed(1)}, n=${roundTrips.length}); ` +
        `convert_document of a one-page PDF median ${median(conversions).toFixed(0)} ms (n=${conversions.length})\n`,
    );
    expect(median(roundTrips)).toBeLessThan(1000);
  }, 120_000);
});
