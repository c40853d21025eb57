import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../../../../libs/converters/fixtures');

export interface CountingOrigin {
  server: Server;
  /** `http://127.0.0.1:<port><path>` */
  url(path: string): string;
  /** Requests seen for `path`; every path's when absent. */
  hits(path?: string): number;
}

/**
 * A document origin on 127.0.0.1 serving converter fixtures by path, counting every
 * request, so a test can prove what was (not) downloaded again.
 */
export async function startCountingOrigin(documents: Record<string, { file: string; type: string }>): Promise<CountingOrigin> {
  const counts = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const document = documents[path];
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': document.type }).end(readFileSync(join(FIXTURES, document.file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => (path === undefined ? [...counts.values()].reduce((sum, n) => sum + n, 0) : (counts.get(path) ?? 0)),
  };
}
