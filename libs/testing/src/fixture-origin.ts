import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

/** A document server on loopback, for URL submissions (the worker needs FETCH_ALLOW_PRIVATE=true). */
export interface FixtureOrigin {
  /** Base URL: `${url}/<path under the directory>` serves that file. */
  url: string;
  /** A document that never finishes arriving: its job stays mid-download until cancelled. */
  endlessUrl: string;
  close(): Promise<void>;
}

/** Serves the files under `dir` (GET /<relative path>), and `/endless`, which drips forever. */
export async function startFixtureOrigin(dir: string): Promise<FixtureOrigin> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://origin').pathname);
    if (path === '/endless') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('still coming\n'), 200);
      response.on('close', () => clearInterval(drip));
      return;
    }
    const file = join(dir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endlessUrl: `${url}/endless`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
