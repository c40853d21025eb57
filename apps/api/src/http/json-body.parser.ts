import { ProblemCode } from '@docformat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { TextDecoder } from 'node:util';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ProblemException } from './problem.exception';

export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[^/\s;]+\+)?json$/;
const FIRST_NON_WHITESPACE = /^[ \t\n\r]*([^ \t\n\r]|$)/;

const unsupportedEncoding = () =>
  new ProblemException({
    status: 415,
    code: ProblemCode.UNSUPPORTED_MEDIA_TYPE,
    title: 'Unsupported Media Type',
    detail: 'The body must be UTF-8 JSON without a content encoding.',
  });

const tooLarge = () =>
  new ProblemException({
    status: 413,
    code: ProblemCode.PAYLOAD_TOO_LARGE,
    title: 'Payload Too Large',
    detail: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`,
  });

const malformed = (detail: string) =>
  new ProblemException({ status: 400, code: ProblemCode.MALFORMED_JSON, title: 'Malformed JSON', detail });

/** A body is there when it is chunked or announces a length above 0. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function mediaType(header: string | undefined): { type: string; charset?: string } | undefined {
  if (!header) return undefined;
  const [type = '', ...parameters] = header.split(';');
  const charset = parameters.map((p) => /^\s*charset\s*=\s*"?([^"\s]*)"?\s*$/i.exec(p)?.[1]).find((value) => value !== undefined);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() };
}

function decompressor(encoding: string): Transform | undefined {
  switch (encoding) {
    case 'identity':
      return undefined;
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw unsupportedEncoding();
  }
}

/**
 * Reads the (decompressed) body, refusing it once it passes MAX_BODY_BYTES. On a
 * refusal the rest of the request is read off and dropped rather than the socket
 * destroyed, so the answer reaches the client and the connection stays usable.
 */
function readLimited(request: Readable, encoding: string, declaredLength: number): Promise<Buffer> {
  if (declaredLength > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  const inflate = decompressor(encoding);
  const stream = inflate ? request.pipe(inflate) : request;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      request.off('error', onError);
    };
    const fail = (problem: ProblemException) => {
      detach();
      if (inflate) {
        request.unpipe(inflate);
        inflate.destroy();
      }
      request.resume();
      reject(problem);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) fail(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => fail(malformed(`The body is not valid JSON: ${error.message}.`));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    if (inflate) request.on('error', onError);
  });
}

/**
 * The error JSON.parse gives at the first character that cannot start an object or
 * array, as Express's body-parser words it in strict mode (so the answer did not
 * change when the API moved from Express to Fastify).
 */
function strictViolation(text: string, first: string | undefined): SyntaxError {
  const index = first === undefined ? -1 : text.indexOf(first);
  const partial = index === -1 ? '' : text.slice(0, index) + '#'.repeat(text.length - index);
  try {
    JSON.parse(partial);
    return new SyntaxError('strict violation');
  } catch (error) {
    const message = (error as Error).message.replace(/#+/g, (placeholder) => text.slice(index, index + placeholder.length));
    return new SyntaxError(message);
  }
}

function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = FIRST_NON_WHITESPACE.exec(text)?.[1] || undefined;
  try {
    if (first !== '{' && first !== '[') throw strictViolation(text, first);
    return JSON.parse(text);
  } catch (error) {
    throw malformed(`The body is not valid JSON: ${(error as Error).message}.`);
  }
}

/**
 * The JSON body of a request, or undefined when it has none. Refuses, as
 * problem+json through the exception filter: other media types (415), charsets
 * other than UTF (415), unknown content encodings (415; gzip, deflate and br are
 * read), more than 1 MiB once decompressed (413), malformed JSON and JSON that is
 * not an object (400). Runs before the route's guards, so a bad body gets its
 * answer even without a valid token.
 */
export async function readJsonBody(headers: IncomingHttpHeaders, payload: Readable): Promise<unknown> {
  if (!hasBody(headers)) return undefined;
  const media = mediaType(headers['content-type']);
  if (!media || !JSON_MEDIA_TYPE.test(media.type)) {
    throw new ProblemException({
      status: 415,
      code: ProblemCode.UNSUPPORTED_MEDIA_TYPE,
      title: 'Unsupported Media Type',
      detail: `The body must be JSON sent with Content-Type: application/json, or an upload to POST /format sent as multipart/form-data (got ${headers['content-type'] ?? 'no Content-Type'}).`,
    });
  }
  const charset = media.charset ?? 'utf-8';
  if (!charset.startsWith('utf-')) throw unsupportedEncoding();
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw unsupportedEncoding();
  }
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  const bytes = await readLimited(payload, encoding, encoding === 'identity' ? Number(headers['content-length'] ?? 0) : 0);
  const body = parseStrict(decoder.decode(bytes));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw malformed('The body must be a JSON object.');
  return body;
}

/** A body that was refused; the refusal is raised before the route's guards run. */
class RefusedBody {
  constructor(readonly error: unknown) {}
}

/**
 * Replaces Fastify's own parsers: every body, whatever its type, goes through
 * readJsonBody. A refusal is not handed to Fastify from the parser, which would
 * also close the connection; it is raised in the preHandler hook instead (after
 * parsing, before Nest's guards), so the answer is the problem alone, on a
 * connection that stays open, as it was on Express. Unknown routes answer 404
 * whatever their body.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void) => {
    readJsonBody(request.headers, payload).then(
      (body) => done(null, body),
      (error: unknown) => done(null, new RefusedBody(error)),
    );
  });
  fastify.addHook('preHandler', (request, _reply, next) => {
    if (request.body instanceof RefusedBody && !request.is404) next(request.body.error as Error);
    else next();
  });
}
