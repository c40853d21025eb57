import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of the shared Postgres, so a test can make the
 * database vanish for its own app only (as a restart does: connections cut, new
 * ones refused) and come back, without touching the server other people use.
 */
export interface TcpProxy {
  readonly port: number;
  /** Cuts every open connection and refuses new ones (ECONNREFUSED). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const newServer = (): Server =>
    createServer((inbound) => {
      const outbound = createConnection({ host: targetHost, port: targetPort });
      track(inbound);
      track(outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  let server: Server | null = newServer();
  const port = await listen(server, 0);
  return {
    port,
    cut: async () => {
      if (server) await stop(server);
      server = null;
    },
    restore: async () => {
      if (server) return;
      server = newServer();
      await listen(server, port);
    },
    close: async () => {
      if (server) await stop(server);
      server = null;
    },
  };
}

/** The same database URL, through the proxy. */
export function throughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}
