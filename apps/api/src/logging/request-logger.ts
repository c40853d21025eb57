import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** Health checks and Prometheus scrapes come every few seconds and say nothing. */
const UNLOGGED = new Set(['/health', '/metrics']);

/** 503 (database or queue unreachable) is an expected, answered condition, not a bug. */
function levelOf(status: number): 'info' | 'warn' | 'error' {
  if (status === 503) return 'warn';
  return status >= 500 ? 'error' : 'info';
}

/**
 * One line per answered request, `request completed` with the request id (an
 * upstream `X-Request-Id`, so one request can be followed across proxies, else a
 * new UUID), method, URL, status and milliseconds. Hooked on the Node server
 * itself, ahead of the framework, so it times the whole request and needs no
 * middleware. Deliberately lean: no headers (tokens), no bodies.
 */
export function logRequests(server: Server, logger: Logger): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (UNLOGGED.has(url) || !logger.isLevelEnabled('info')) return;
    const started = performance.now();
    res.once('close', () => {
      const header = req.headers['x-request-id'];
      const id = typeof header === 'string' && header.length > 0 ? header : randomUUID();
      const fields = {
        req: { id, method: req.method, url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (res.writableFinished) logger[levelOf(res.statusCode)](fields, 'request completed');
      else logger.warn(fields, 'request aborted');
    });
  });
}
