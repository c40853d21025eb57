import { isScrapeAuthorized, unauthorizedScrape } from '@docformat/metrics';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** METRICS_TOKEN: when set, a scrape must carry it as a bearer token. */
  token: string | undefined;
  registry: Registry;
  /** A scrape that failed to render (a bug: the registry's collectors never throw by design). */
  onError: (error: unknown) => void;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the OS chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

function sendProblem(
  res: ServerResponse,
  status: number,
  code: string,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
): void {
  const type = `urn:docformat:problem:${code.toLowerCase().replace(/_/g, '-')}`;
  res.writeHead(status, { ...headers, 'Content-Type': 'application/problem+json' });
  res.end(JSON.stringify({ type, title, status, detail, code }));
}

/**
 * The worker's HTTP endpoints, `GET /metrics` and `GET /health`, on plain node:http: a
 * worker has no API, and neither needs routing nor body parsing. Errors are problem+json,
 * as the API's are.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' && path !== '/health') {
      sendProblem(res, 404, 'NOT_FOUND', 'Not Found', 'This port serves only GET /metrics and GET /health.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendProblem(res, 405, 'METHOD_NOT_ALLOWED', 'Method Not Allowed', `Use GET ${path}.`, { Allow: 'GET, HEAD' });
      return;
    }
    if (path === '/health') {
      // A liveness probe (Kubernetes): the process answers, so its event loop turns. Open
      // like the API's /health, and deliberately blind to Postgres and Redis: restarting
      // a worker would not bring them back, and it reconnects by itself.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ status: 'ok' }));
      return;
    }
    if (!isScrapeAuthorized(req.headers.authorization, options.token)) {
      const problem = unauthorizedScrape(req.headers.authorization);
      sendProblem(res, problem.status, problem.code, problem.title, problem.detail, problem.headers);
      return;
    }
    const body = await options.registry.metrics();
    res.writeHead(200, { 'Content-Type': options.registry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.onError(error);
      if (!res.headersSent)
        sendProblem(res, 500, 'INTERNAL_ERROR', 'Internal Server Error', 'The metrics could not be rendered; see the worker log.');
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      // Keep-alive connections of a scraper would hold close() open: end them.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
