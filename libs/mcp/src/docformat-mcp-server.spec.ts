import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DocformatBackend, DocumentSource, FormatSelection, JobView, ToolProblem } from './backend';
import { createDocformatMcpServer } from './docformat-mcp-server';

const ID = '0f4c2a9e-7b1d-4c3e-9a5f-2d8e6b1c4a70';

class ApiError extends Error {
  constructor(readonly problem: ToolProblem) {
    super(problem.detail);
  }
}

/** A backend whose job ends as `finalJob` says, after `pollsToEnd` long-polls. */
function fakeBackend(finalJob: Partial<JobView> = {}, pollsToEnd = 1) {
  const calls: { submitted?: { source: DocumentSource; format?: FormatSelection; options?: unknown }; polls: number[] } = { polls: [] };
  const created: JobView = { id: ID, status: 'CREATED', pages: 0, formats: {} };
  const backend: DocformatBackend = {
    formatNames: ['text', 'markdown', 'json'],
    submitFormat: async (source, format) => {
      calls.submitted = { source, format };
      return created;
    },
    submitExtraction: async (source, options) => {
      calls.submitted = { source, options };
      return { ...created };
    },
    getJob: async (id, waitSeconds) => {
      if (id !== ID) throw new ApiError({ code: 'NOT_FOUND', detail: `There is no job with id "${id}".`, status: 404 });
      calls.polls.push(waitSeconds);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (calls.polls.length < pollsToEnd) return { ...created, status: 'IN_PROGRESS', progress: { pagesDone: 1, pages: 4 } };
      return { ...created, status: 'COMPLETED', pages: 1, result: { mimeType: 'application/pdf', warnings: [] }, ...finalJob };
    },
    listJobs: async (query) => {
      if (query.cursor === 'explode') throw new Error('unexpected');
      return { jobs: [{ id: ID }], nextCursor: null, query };
    },
    problemOf: (error) => (error instanceof ApiError ? error.problem : undefined),
  };
  return { backend, calls };
}

async function connect(backend: DocformatBackend): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDocformatMcpServer(backend).connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  return client;
}

const texts = (result: unknown) => (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : ''));

describe('the docformat MCP server', () => {
  it('lists its four tools with JSON schemas for their input', async () => {
    const client = await connect(fakeBackend().backend);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['convert_document', 'get_job', 'list_jobs', 'extract_document']);
    const convert = tools[0];
    expect(convert?.inputSchema.properties).toMatchObject({
      url: { type: 'string' },
      content: { type: 'string' },
      format: { default: 'markdown' },
      timeoutSeconds: { type: 'integer', default: 60, maximum: 600 },
    });
    expect(JSON.stringify(convert?.inputSchema.properties?.['format'])).toContain('"enum":["text","markdown","json"]');
    expect(tools.every((tool) => (tool.description ?? '').length > 80)).toBe(true);
  });

  it('converts a URL: the outputs in the order asked, then the job line', async () => {
    const { backend, calls } = fakeBackend({ formats: { markdown: '# Title', json: { blocks: [] } } });
    const client = await connect(backend);
    const result = await client.callTool({
      name: 'convert_document',
      arguments: { url: 'https://example.com/a.pdf', format: ['markdown', 'json'], pages: '1-2' },
    });
    expect(result.isError).toBeFalsy();
    expect(texts(result)).toEqual([
      '# Title',
      '{"blocks":[]}',
      `Job ${ID} COMPLETED: 1 page(s) of application/pdf; outputs above, in this order: markdown, json.`,
    ]);
    expect(calls.submitted).toEqual({ source: { url: 'https://example.com/a.pdf' }, format: { type: ['markdown', 'json'], pages: '1-2' } });
  });

  it('uploads base64 content under its file name', async () => {
    const { backend, calls } = fakeBackend({ formats: { markdown: 'hello' } });
    const client = await connect(backend);
    const result = await client.callTool({
      name: 'convert_document',
      arguments: { content: Buffer.from('hello\n').toString('base64'), fileName: 'notes.txt' },
    });
    expect(texts(result)[0]).toBe('hello');
    expect(calls.submitted?.source).toEqual({ content: Buffer.from('hello\n'), fileName: 'notes.txt' });
  });

  it('answers the job id and status once the time limit passes', async () => {
    const { backend, calls } = fakeBackend({}, Number.POSITIVE_INFINITY);
    const client = await connect(backend);
    const result = await client.callTool({ name: 'convert_document', arguments: { url: 'https://example.com/a.pdf', timeoutSeconds: 1 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ id: ID, status: 'IN_PROGRESS', progress: { pagesDone: 1, pages: 4 } });
    expect(texts(result)[0]).toContain(`Call get_job with {"id": "${ID}"`);
    expect(calls.polls.every((wait) => wait === 1)).toBe(true);

    const now = await client.callTool({ name: 'convert_document', arguments: { url: 'https://example.com/a.pdf', timeoutSeconds: 0 } });
    expect(now.structuredContent).toEqual({ id: ID, status: 'CREATED' });
  });

  it('reports a failed job, an API problem and a bad argument as tool errors with their codes', async () => {
    const failed = await connect(fakeBackend({ status: 'FAILED', error: { code: 'DOWNLOAD_FAILED', message: 'origin said 404' } }).backend);
    const result = await failed.callTool({ name: 'convert_document', arguments: { url: 'https://example.com/gone.pdf' } });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toBe(`DOWNLOAD_FAILED: origin said 404 (job ${ID})`);

    const client = await connect(fakeBackend().backend);
    const missing = await client.callTool({ name: 'get_job', arguments: { id: 'nope' } });
    expect(missing).toMatchObject({ isError: true, structuredContent: { code: 'NOT_FOUND', status: 404 } });
    expect(texts(missing)[0]).toBe('NOT_FOUND: There is no job with id "nope".');

    const both = await client.callTool({ name: 'convert_document', arguments: { url: 'https://example.com/a.pdf', content: 'aGk=' } });
    expect(texts(both)[0]).toBe('VALIDATION_FAILED: give url or content, not both (url)');
    const notBase64 = await client.callTool({ name: 'convert_document', arguments: { content: 'not base64!', fileName: 'a.txt' } });
    expect(texts(notBase64)[0]).toBe('VALIDATION_FAILED: content must be the document in base64 (content)');
    const unknownFormat = await client.callTool({ name: 'convert_document', arguments: { url: 'https://e.com/a', format: 'pdf' } });
    expect(unknownFormat.isError).toBe(true);
  });

  it('hides an unexpected error behind INTERNAL_ERROR and keeps serving', async () => {
    const client = await connect(fakeBackend().backend);
    const result = await client.callTool({ name: 'list_jobs', arguments: { cursor: 'explode' } });
    expect(result).toMatchObject({ isError: true, structuredContent: { code: 'INTERNAL_ERROR', status: 500 } });
    const page = await client.callTool({ name: 'list_jobs', arguments: { status: 'FAILED', limit: 5 } });
    expect(JSON.parse(texts(page)[0] ?? '')).toEqual({ jobs: [{ id: ID }], nextCursor: null, query: { status: 'FAILED', limit: 5 } });
  });

  it('extracts, leaving the document tree out unless asked', async () => {
    const result = { mimeType: 'text/html', warnings: [], tables: [{ rows: [['a']] }], links: [], images: [], document: { blocks: [] } };
    const { backend, calls } = fakeBackend({ type: 'extraction', result } as Partial<JobView>);
    const client = await connect(backend);
    const answer = await client.callTool({ name: 'extract_document', arguments: { url: 'https://example.com/a.html', ocr: 'off' } });
    const { document, ...rest } = result;
    expect(JSON.parse(texts(answer)[0] ?? '')).toEqual({ id: ID, pages: 1, result: rest });
    expect(calls.submitted).toEqual({ source: { url: 'https://example.com/a.html' }, options: { ocr: 'off' } });
    const whole = await client.callTool({
      name: 'extract_document',
      arguments: { url: 'https://example.com/a.html', includeDocument: true },
    });
    expect(JSON.parse(texts(whole)[0] ?? '').result.document).toEqual(document);
  });
});
