import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from './test-app';

/**
 * The JSON-valued parts of a multipart submission (`format`, `webhook` on POST /format;
 * `options`, `webhook` on POST /extract) as real clients send them: curl, Python's
 * requests (Debian's python3-requests, a client written apart from this project) and a
 * browser-style FormData holding a JSON Blob (Node's own FormData, as browsers build it).
 * A part typed application/json, text/plain or untyped is taken alike; one that does not
 * parse is a 400 MALFORMED_JSON naming the part, whatever its type.
 */
const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';

let t: TestApp;
let url: string;
let auth: string;
let dir: string;
let document: string;

beforeAll(async () => {
  t = await startTestApp();
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  auth = `Bearer ${(await t.newClient('json-parts')).token}`;
  dir = mkdtempSync(join(tmpdir(), 'docformat-json-parts-'));
  document = join(dir, 'notes.txt');
  writeFileSync(document, 'Hello from a multipart upload.\n');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

interface Answer {
  status: number;
  body: { id?: string; code?: string; detail?: string; errors?: { field: string }[] };
}

/** curl -F for each part; `parts` are `name=value[;type=…]` as a person types them. */
async function curl(path: string, parts: string[]): Promise<Answer> {
  const args = ['-s', '-w', '\n%{http_code}', '-H', `Authorization: ${auth}`, '-F', `file=@${document}`];
  for (const part of parts) args.push('-F', part);
  const { stdout } = await run('curl', [...args, `${url}${path}`]);
  const lines = stdout.split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

/** Python's requests: `files` with (None, value, type) makes a text part of that type. */
async function pythonRequests(path: string, parts: Record<string, [string, string | null]>): Promise<Answer> {
  const script = `
import json, sys, requests
url, auth, document, parts = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
files = {'file': ('notes.txt', open(document, 'rb'), 'text/plain')}
for name, (value, mime) in parts.items():
    files[name] = (None, value, mime) if mime else (None, value)
r = requests.post(url, headers={'Authorization': auth}, files=files)
print(json.dumps({'status': r.status_code, 'body': r.json()}))
`;
  const { stdout } = await run(PYTHON, ['-c', script, `${url}${path}`, auth, document, JSON.stringify(parts)]);
  return JSON.parse(stdout) as Answer;
}

/** A browser's FormData: the JSON goes in a Blob, which is sent with a file name ("blob") and its type. */
async function formDataWithBlobs(path: string, parts: Record<string, string>): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob(['Hello from a multipart upload.\n'], { type: 'text/plain' }), 'notes.txt');
  for (const [name, value] of Object.entries(parts)) form.append(name, new Blob([value], { type: 'application/json' }));
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: auth }, body: form });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const FORMAT = '{"type":["markdown","text"]}';
const WEBHOOK = '{"url":"https://example.com/hooks/docformat"}';
const OPTIONS = '{"pages":"1"}';

async function storedJob(id: string | undefined) {
  return t.prisma.job.findUniqueOrThrow({ where: { id: id ?? '' } });
}

describe('JSON parts typed application/json, text/plain or untyped are taken alike', () => {
  it.each([
    ['application/json', ';type=application/json'],
    ['text/plain', ';type=text/plain'],
    ['no type', ''],
  ])('curl, POST /format, format and webhook as %s', async (_case, type) => {
    const answer = await curl('/format', [`format=${FORMAT}${type}`, `webhook=${WEBHOOK}${type}`]);

    expect(answer.status).toBe(202);
    const job = await storedJob(answer.body.id);
    expect(job.requestedFormats).toEqual(['markdown', 'text']);
    expect(job.webhookUrl).toBe('https://example.com/hooks/docformat');
  });

  it.each([
    ['application/json', ';type=application/json'],
    ['no type', ''],
  ])('curl, POST /extract, options and webhook as %s', async (_case, type) => {
    const answer = await curl('/extract', [`options=${OPTIONS}${type}`, `webhook=${WEBHOOK}${type}`]);

    expect(answer.status).toBe(202);
    const job = await storedJob(answer.body.id);
    expect(job.options).toEqual({ pages: '1' });
    expect(job.webhookUrl).toBe('https://example.com/hooks/docformat');
  });

  it.each([['application/json'], ['text/plain'], [null]])('python requests, both endpoints, parts typed %s', async (mime) => {
    const format = await pythonRequests('/format', { format: [FORMAT, mime], webhook: [WEBHOOK, mime] });
    const extract = await pythonRequests('/extract', { options: [OPTIONS, mime] });

    expect([format.status, extract.status]).toEqual([202, 202]);
    expect((await storedJob(format.body.id)).requestedFormats).toEqual(['markdown', 'text']);
    expect((await storedJob(extract.body.id)).options).toEqual({ pages: '1' });
  });

  it('a browser FormData holding JSON Blobs, both endpoints', async () => {
    const format = await formDataWithBlobs('/format', { format: FORMAT, webhook: WEBHOOK });
    const extract = await formDataWithBlobs('/extract', { options: OPTIONS });

    expect([format.status, extract.status]).toEqual([202, 202]);
    expect((await storedJob(format.body.id)).webhookUrl).toBe('https://example.com/hooks/docformat');
    expect((await storedJob(extract.body.id)).options).toEqual({ pages: '1' });
  });
});

describe('a JSON part that does not parse is a 400 MALFORMED_JSON naming the part, whatever its type', () => {
  const malformed = (answer: Answer, part: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('MALFORMED_JSON');
    expect(answer.body.detail).toMatch(new RegExp(`^The ${part} part is not valid JSON`));
  };

  it.each([
    ['format', '/format', ';type=application/json'],
    ['format', '/format', ';type=text/plain'],
    ['format', '/format', ''],
    ['webhook', '/format', ';type=application/json'],
    ['options', '/extract', ';type=application/json'],
    ['webhook', '/extract', ''],
  ])('curl: a broken %s part on %s (%s)', async (part, path, type) => {
    const others = path === '/format' && part !== 'format' ? [`format=${FORMAT}`] : [];
    const answer = await curl(path, [...others, `${part}={"type":${type}`]);
    malformed(answer, part);
  });

  it.each([['application/json'], [null]])('python requests: a broken part typed %s', async (mime) => {
    malformed(await pythonRequests('/format', { format: ['{"type":', mime] }), 'format');
    malformed(await pythonRequests('/extract', { options: ['{"pages":', mime] }), 'options');
  });

  it('a browser FormData: a broken JSON Blob', async () => {
    malformed(await formDataWithBlobs('/format', { format: FORMAT, webhook: '{"url":' }), 'webhook');
  });

  it('stores nothing for a refused submission', async () => {
    const client = await t.newClient('json-parts-refused');
    const before = await t.prisma.upload.count({ where: { ownerId: client.id } });
    const { stdout } = await run('curl', [
      '-s',
      '-H',
      `Authorization: Bearer ${client.token}`,
      '-F',
      `file=@${document}`,
      '-F',
      'format={"type":;type=application/json',
      `${url}/format`,
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ code: 'MALFORMED_JSON' });
    expect(await t.prisma.upload.count({ where: { ownerId: client.id } })).toBe(before);
    expect(await t.prisma.job.count({ where: { ownerId: client.id } })).toBe(0);
  });
});
