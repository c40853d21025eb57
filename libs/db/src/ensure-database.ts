import { Client } from 'pg';
import { databaseName, withDatabase } from './database-url';

const DUPLICATE_DATABASE = '42P04';

/**
 * Creates the database named in the URL if it does not exist, connecting to the
 * server's `postgres` maintenance database to do so. Returns true when it created it.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  const client = new Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      // Identifiers cannot be bound parameters; quote them the way Postgres does.
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return true;
    } catch (error) {
      // Another process (a second migrate container, a parallel test run) won the race.
      if ((error as { code?: string }).code === DUPLICATE_DATABASE) return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}
