import etag from 'etag';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `type; b=1; a=2` with charset=utf-8 set, parameters sorted by name (as Express's res.send formats it). */
export function withUtf8Charset(contentType: string): string {
  const [type = '', ...rest] = contentType.split(';');
  const parameters = new Map<string, string>();
  for (const parameter of rest) {
    const at = parameter.indexOf('=');
    if (at > 0)
      parameters.set(
        parameter.slice(0, at).trim().toLowerCase(),
        parameter
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  parameters.set('charset', 'utf-8');
  const formatted = [...parameters.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${TOKEN.test(value) ? value : JSON.stringify(value)}`);
  return [type.trim(), ...formatted].join('; ');
}

/**
 * What Express did to every buffered answer, kept when the API moved to Fastify:
 * text bodies carry `charset=utf-8`, every body a weak ETag, and a GET or HEAD whose
 * If-None-Match still matches gets `304 Not Modified` without a body, so a client
 * polling a job with If-None-Match keeps getting 304s while nothing changed.
 * Streams (Swagger UI's files) are left to @fastify/static, which does its own.
 */
export function registerResponseHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const contentType = reply.getHeader('content-type');
    if (typeof payload === 'string' && typeof contentType === 'string') reply.header('content-type', withUtf8Charset(contentType));
    if (!reply.hasHeader('etag')) reply.header('etag', etag(payload, { weak: true }));
    const status = reply.statusCode;
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && ((status >= 200 && status < 300) || status === 304);
    if (!cacheable || !fresh(request.headers, { etag: String(reply.getHeader('etag')) })) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('transfer-encoding');
    done(null, null);
  });
}
