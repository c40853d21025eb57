import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the origin answers one path: a fixed response, or a function per request. */
export type Route =
  | { status?: number; body: Buffer | string; contentType?: string; delayMs?: number }
  | ((request: http.IncomingMessage, response: http.ServerResponse, hit: number) => void);

export interface OriginServer {
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  route(path: string, route: Route): void;
  /** Requests seen per path. */
  hits(path: string): number;
  close(): Promise<void>;
}

/**
 * A document origin on 127.0.0.1 only: the tests never send a request off the
 * machine. Workers reach it with FETCH_ALLOW_PRIVATE=true.
 */
export async function startOrigin(): Promise<OriginServer> {
  const routes = new Map<string, Route>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const hit = (counts.get(path) ?? 0) + 1;
    counts.set(path, hit);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof route === 'function') {
      route(request, response, hit);
      return;
    }
    const send = () => {
      const body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
      response
        .writeHead(route.status ?? 200, {
          'content-type': route.contentType ?? 'application/octet-stream',
          'content-length': body.length,
        })
        .end(body);
    };
    if (route.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, route.delayMs);
      timers.add(timer);
    } else send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    route: (path, route) => void routes.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
