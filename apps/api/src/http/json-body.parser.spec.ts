import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { MAX_BODY_BYTES, readJsonBody } from './json-body.parser';
import { ProblemException } from './problem.exception';

const valid = JSON.stringify({ file: 'https://example.com/a.pdf', format: { type: 'text' } });
const json = (body: Buffer | string, headers: Record<string, string> = {}) => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers },
    stream: Readable.from([bytes]),
  };
};

async function problemOf(promise: Promise<unknown>): Promise<{ status: number; code: string; detail: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemException);
  const { status, code, detail } = (error as ProblemException).problem;
  return { status, code, detail };
}

describe('readJsonBody', () => {
  it('parses a JSON object, also with a +json type, a UTF-8 charset or a UTF-16 one', async () => {
    const body = JSON.parse(valid);
    for (const [bytes, type] of [
      [Buffer.from(valid), 'application/json'],
      [Buffer.from(valid), 'application/vnd.api+json'],
      [Buffer.from(valid), 'Application/JSON; Charset=UTF-8'],
      [Buffer.from(valid, 'utf16le'), 'application/json; charset=utf-16le'],
    ] as const) {
      const { headers, stream } = json(bytes, { 'content-type': type });
      await expect(readJsonBody(headers, stream)).resolves.toEqual(body);
    }
  });

  it('reads gzip, deflate and br bodies', async () => {
    const { headers, stream } = json(gzipSync(valid), { 'content-encoding': 'gzip' });
    await expect(readJsonBody(headers, stream)).resolves.toEqual(JSON.parse(valid));
  });

  it('has no body without a length or chunking, and an empty object for an empty chunked one', async () => {
    await expect(readJsonBody({ 'content-type': 'application/json', 'content-length': '0' }, Readable.from([]))).resolves.toBeUndefined();
    await expect(readJsonBody({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, Readable.from([]))).resolves.toEqual(
      {},
    );
  });

  it('refuses other media types, charsets and encodings with 415', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'content-type': 'text/plain' }, 'sent as multipart/form-data (got text/plain)'],
      [{ 'content-type': '' }, '(got no Content-Type)'],
      [{ 'content-type': 'application/json; charset=latin1' }, 'UTF-8 JSON without a content encoding'],
      [{ 'content-encoding': 'compress' }, 'UTF-8 JSON without a content encoding'],
    ];
    for (const [extra, detail] of cases) {
      const { headers, stream } = json(valid, extra);
      if (extra['content-type'] === '') delete (headers as Record<string, string>)['content-type'];
      const problem = await problemOf(readJsonBody(headers, stream));
      expect(problem).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(problem.detail).toContain(detail);
    }
  });

  it('refuses more than 1 MiB with 413, announced or not, and keeps reading off the rest', async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const announced = json(big);
    expect(await problemOf(readJsonBody(announced.headers, announced.stream))).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });

    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 0x20));
    const stream = Readable.from(chunks);
    const problem = await problemOf(readJsonBody({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, stream));
    expect(problem).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // Read to its end (not destroyed half-way), as a request must be for its connection to carry on.
    if (!stream.closed) await new Promise((resolve) => stream.once('close', resolve));
    expect(stream.readableEnded).toBe(true);
  });

  it('refuses malformed JSON and JSON that is not an object with 400, worded as Express did', async () => {
    const cases: [string, string][] = [
      ['{"file": ', 'The body is not valid JSON: Unexpected end of JSON input.'],
      ['"x"', 'The body is not valid JSON: Unexpected token \'"\', ""x"" is not valid JSON.'],
      ['42', 'The body is not valid JSON: Unexpected token \'4\', "42" is not valid JSON.'],
      ['   ', 'The body is not valid JSON: Unexpected end of JSON input.'],
      ['["x"]', 'The body must be a JSON object.'],
    ];
    for (const [body, detail] of cases) {
      const { headers, stream } = json(body);
      expect(await problemOf(readJsonBody(headers, stream))).toEqual({ status: 400, code: 'MALFORMED_JSON', detail });
    }
  });
});
