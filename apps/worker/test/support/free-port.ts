import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP port nothing listens on right now (the OS's pick), for settings that need a fixed port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
