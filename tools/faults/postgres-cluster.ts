import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from '@docformat/testing';
import { run } from './run-as';

const BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

/**
 * A throw-away PostgreSQL cluster of the suite's own (Debian's binaries, a temp
 * dir, a free port, trust auth), so restarting it disturbs nobody.
 */
export interface PostgresCluster {
  readonly port: number;
  readonly url: (database: string) => string;
  /** Stops the server ("fast": connections terminated with 57P01), keeps it down for `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): void;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'docformat-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // Loopback only, socket in the temp dir, durability off: it lives for minutes.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const pgCtl = (...args: string[]) => run(join(BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', ...args]);
  pgCtl('-o', options, 'start');
  let stopped = false;
  return {
    port,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    restart: async (downMs) => {
      pgCtl('-m', 'fast', 'stop');
      await new Promise((resolve) => setTimeout(resolve, downMs));
      pgCtl('-o', options, 'start');
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
