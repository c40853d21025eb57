import { join } from 'node:path';
import { Client } from 'pg';
import { databaseName, ensureDatabase, runMigrations, withDatabase } from '@docformat/db';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/docformat';
const MIGRATIONS_DIR = join(__dirname, '../../../prisma/migrations');

export interface ThrowawayDatabase {
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A migrated database of its own for one benchmark run (`<base>_<purpose>_<pid>`),
 * on the server of DOCFORMAT_BASE_DATABASE_URL (else DATABASE_URL), so a run never
 * touches development or test data and leaves nothing behind once dropped.
 */
export async function createThrowawayDatabase(purpose: string, env: NodeJS.ProcessEnv = process.env): Promise<ThrowawayDatabase> {
  const baseUrl = env['DOCFORMAT_BASE_DATABASE_URL'] || env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const url = withDatabase(baseUrl, `${databaseName(baseUrl)}_${purpose}_${process.pid}`);
  await ensureDatabase(url);
  await runMigrations(url, MIGRATIONS_DIR);
  return { url, drop: () => dropDatabase(url) };
}

async function dropDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    // FORCE (Postgres 13+): a killed service may still hold connections.
    await client.query(`DROP DATABASE IF EXISTS "${databaseName(url).replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
