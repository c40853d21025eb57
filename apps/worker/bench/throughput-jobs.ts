import { createReadStream } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import type { PrismaClient } from '@docformat/db';
import type { ManualCopy } from './throughput-manuals';
import { sleep } from '@docformat/testing';

/** Serves each copy under a URL of its own, on 127.0.0.1 only (the workers run with FETCH_ALLOW_PRIVATE=true). */
export async function startOrigin(
  copies: readonly ManualCopy[],
): Promise<{ url: (copy: ManualCopy) => string; close: () => Promise<void> }> {
  const files = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://origin').pathname);
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/pdf' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pathOf = (copy: ManualCopy) => `/${basename(copy.path)}`;
  for (const copy of copies) files.set(pathOf(copy), copy.path);
  return {
    url: (copy) => {
      files.set(pathOf(copy), copy.path);
      return `http://127.0.0.1:${port}${pathOf(copy)}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A client of the API: POST /format with a bearer token, as users submit. */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async healthy(): Promise<boolean> {
    try {
      return (await fetch(`${this.baseUrl}/health`)).status === 200;
    } catch {
      return false;
    }
  }

  async submit(file: string, format: string): Promise<string> {
    const response = await fetch(`${this.baseUrl}/format`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file, format: { type: format } }),
    });
    const body = (await response.json()) as { id?: string };
    if (response.status !== 202 || !body.id) throw new Error(`POST /format answered ${response.status}: ${JSON.stringify(body)}`);
    return body.id;
  }
}

export interface PhaseResult {
  format: string;
  jobs: number;
  pages: number;
  /** First submission to the last completion. */
  seconds: number;
  failures: Map<string, number>;
}

/**
 * Submits one job per copy for `format` (largest first, as the copies are ordered) and
 * waits until all are finished, reading their status from Postgres (a light query;
 * polling the API would fetch megabytes of output for every finished job). The phase
 * lasts from the first submission to the last `completedAt`.
 */
export async function runPhase(
  client: ApiClient,
  prisma: PrismaClient,
  copies: readonly ManualCopy[],
  url: (copy: ManualCopy) => string,
  format: string,
  deadline: number,
): Promise<PhaseResult> {
  const started = new Date();
  const ids: string[] = [];
  for (const copy of copies) ids.push(await client.submit(url(copy), format));
  for (;;) {
    const rows = await prisma.job.findMany({
      where: { id: { in: ids } },
      select: { status: true, pages: true, errorCode: true, completedAt: true },
    });
    if (rows.every((row) => row.status === 'COMPLETED' || row.status === 'FAILED')) {
      const failures = new Map<string, number>();
      for (const row of rows)
        if (row.status === 'FAILED') failures.set(row.errorCode ?? 'unknown', (failures.get(row.errorCode ?? 'unknown') ?? 0) + 1);
      const last = Math.max(...rows.map((row) => row.completedAt?.getTime() ?? Date.now()));
      const completed = rows.filter((row) => row.status === 'COMPLETED');
      return {
        format,
        jobs: ids.length,
        pages: completed.reduce((sum, row) => sum + row.pages, 0),
        seconds: (last - started.getTime()) / 1000,
        failures,
      };
    }
    if (Date.now() > deadline) throw new Error(`the ${format} jobs did not finish in time`);
    await sleep(250);
  }
}
