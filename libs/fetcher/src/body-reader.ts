import type { IncomingMessage } from 'node:http';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import * as zlib from 'node:zlib';
import { downloadFailed, errorCode, tooLarge } from './failures';

/** Content codings we decode; the value builds a fresh decoder stream. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  // RFC 9110 "deflate" is the zlib format; raw-deflate servers are a legacy bug we do not humour.
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export interface BodyLimits {
  readonly maxBytes: number;
  /** Host (with port) for messages. */
  readonly host: string;
  readonly signal: AbortSignal;
}

/** The codings in the order they must be undone (the header lists them as applied). */
export function contentCodings(header: string | undefined, host: string): string[] {
  const codings = (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  for (const coding of codings) {
    if (!(coding in DECODERS)) {
      throw downloadFailed(`The server at ${host} sent the document in an unsupported encoding (${coding})`, false);
    }
  }
  return codings.reverse();
}

/** Passes bytes through until more than `max` went by, then fails the pipeline. */
class ByteCap extends Transform {
  private seen = 0;
  constructor(
    private readonly max: number,
    private readonly failure: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) done(this.failure());
    else done(null, chunk);
  }
}

function declaredLength(response: IncomingMessage): number | null {
  const header = response.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * Reads the whole body, decoded, holding at most `maxBytes` of it. The cap is checked
 * against Content-Length before reading, against the wire bytes and against the decoded
 * bytes while streaming (a gzip bomb is caught by the latter); exceeding it destroys the
 * response and so the socket, without reading further.
 */
export async function readBody(response: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const { maxBytes, host, signal } = limits;
  const overLimit = () => tooLarge(host, maxBytes);
  if (signal.aborted) {
    response.destroy();
    throw signal.reason;
  }
  let codings: string[];
  try {
    codings = contentCodings(response.headers['content-encoding'], host);
  } catch (error) {
    response.destroy();
    throw error;
  }
  const length = declaredLength(response);
  if (length !== null && length > maxBytes) {
    response.destroy();
    throw overLimit();
  }

  const stages: Transform[] = [new ByteCap(maxBytes, overLimit), ...codings.map((coding) => DECODERS[coding]())];
  let output!: Readable;
  const finished = new Promise<void>((resolve, reject) => {
    output = pipeline([response, ...stages], (error) => (error ? reject(error) : resolve())) as unknown as Readable;
  });
  // Awaited below on success; on failure the loop's own error is the one reported.
  finished.catch(() => undefined);
  const onAbort = () => output.destroy(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw overLimit();
      chunks.push(chunk);
    }
    await finished;
  } catch (error) {
    output.destroy();
    throw bodyFailure(error, codings, host);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return Buffer.concat(chunks, total);
}

function bodyFailure(error: unknown, codings: string[], host: string): unknown {
  // zlib reports Z_DATA_ERROR, Z_BUF_ERROR…; brotli ERR__ERROR_FORMAT_….
  if (/^(Z_|ERR__ERROR_)/.test(errorCode(error))) {
    return downloadFailed(`The server at ${host} sent a ${codings.join('+')} body that could not be decompressed`, false, error);
  }
  return error;
}
