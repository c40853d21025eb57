import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly localAddress: string;
}

export interface LocalServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  url(path?: string): string;
  readonly requests: RecordedRequest[];
  /** Connections currently open on the server. */
  readonly sockets: Set<Socket>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a random port, recording what it was asked. */
export async function startServer(handler: http.RequestListener): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      localAddress: request.socket.localAddress ?? '',
    });
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: (path = '/') => `${origin}${path}`,
    requests,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
