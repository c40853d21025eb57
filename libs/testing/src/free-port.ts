import { createServer, type AddressInfo } from 'node:net';

/**
 * A TCP port nothing listens on right now (the OS's pick), for settings that need a
 * fixed port. Ask on the address the port will be bound to: a server that will listen
 * on all interfaces needs `0.0.0.0`.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
