import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { databaseName, withDatabase } from '../database-url';
import { ensureDatabase } from '../ensure-database';
import { migrationChecksum } from './migration-files';
import { MigrationError, runMigrations } from './migration-runner';

// Each test gets a throw-away database next to the suite's test database.
const serverUrl = process.env['DATABASE_URL'] as string;
const created: string[] = [];
let dirs: string[] = [];

async function freshDatabase(): Promise<string> {
  const name = `${databaseName(serverUrl)}_mig_${Math.random().toString(36).slice(2, 10)}`;
  created.push(name);
  const url = withDatabase(serverUrl, name);
  expect(await ensureDatabase(url)).toBe(true);
  return url;
}

async function migrationsDir(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docformat-migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(migrations)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function query<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

afterAll(async () => {
  for (const name of created) {
    await query(withDatabase(serverUrl, 'postgres'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
});

describe('ensureDatabase', () => {
  it('creates a missing database once and leaves an existing one alone', async () => {
    const url = await freshDatabase();
    expect(await ensureDatabase(url)).toBe(false);
    expect(await query(url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe('runMigrations', () => {
  it('applies pending migrations in order, records Prisma checksums, and a second run is a no-op', async () => {
    const url = await freshDatabase();
    const dir = await migrationsDir({
      '20260101000000_first': 'CREATE TABLE a (id int);',
      '20260102000000_second': 'ALTER TABLE a ADD COLUMN name text;',
    });

    const first = await runMigrations(url, dir);
    expect(first).toEqual({ applied: ['20260101000000_first', '20260102000000_second'], alreadyApplied: [] });

    const rows = await query<{ migration_name: string; checksum: string; applied_steps_count: number; finished: boolean }>(
      url,
      'SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows).toEqual([
      {
        migration_name: '20260101000000_first',
        checksum: migrationChecksum('CREATE TABLE a (id int);'),
        applied_steps_count: 1,
        finished: true,
      },
      {
        migration_name: '20260102000000_second',
        checksum: migrationChecksum('ALTER TABLE a ADD COLUMN name text;'),
        applied_steps_count: 1,
        finished: true,
      },
    ]);

    const second = await runMigrations(url, dir);
    expect(second).toEqual({ applied: [], alreadyApplied: ['20260101000000_first', '20260102000000_second'] });
    expect(await query(url, 'SELECT count(*)::int AS n FROM "_prisma_migrations"')).toEqual([{ n: 2 }]);
  });

  it('records a failing migration, rolls back its changes and stops the run', async () => {
    const url = await freshDatabase();
    const dir = await migrationsDir({
      '1_ok': 'CREATE TABLE a (id int);',
      '2_broken': 'CREATE TABLE b (id int); SELECT * FROM no_such_table;',
      '3_later': 'CREATE TABLE c (id int);',
    });

    await expect(runMigrations(url, dir)).rejects.toThrow(/Migration 2_broken failed and was rolled back: .*no_such_table/);

    const rows = await query<{ migration_name: string; finished: boolean; logs: string | null }>(
      url,
      'SELECT migration_name, finished_at IS NOT NULL AS finished, logs FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => [r.migration_name, r.finished])).toEqual([
      ['1_ok', true],
      ['2_broken', false],
    ]);
    expect(rows[1]?.logs).toContain('no_such_table');
    const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(tables.map((t) => t.tablename)).toEqual(['_prisma_migrations', 'a']);

    // Like `prisma migrate deploy`, a recorded failure blocks every later run.
    await expect(runMigrations(url, dir)).rejects.toThrow(/2_broken failed earlier and blocks all later ones/);
  });

  it('refuses to run when an applied migration was changed', async () => {
    const url = await freshDatabase();
    const dir = await migrationsDir({ '1_init': 'CREATE TABLE a (id int);' });
    await runMigrations(url, dir);
    await writeFile(join(dir, '1_init', 'migration.sql'), 'CREATE TABLE a (id bigint);');

    const run = runMigrations(url, dir);
    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(runMigrations(url, dir)).rejects.toThrow(/1_init was changed after it was applied/);
  });

  it('runs a migration again once the failed attempt is marked rolled back', async () => {
    const url = await freshDatabase();
    const dir = await migrationsDir({ '1_fix': 'CREATE TABLE a (id int); SELECT 1/0;' });
    await expect(runMigrations(url, dir)).rejects.toThrow(/division by zero/);

    await writeFile(join(dir, '1_fix', 'migration.sql'), 'CREATE TABLE a (id int);');
    await query(url, `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '1_fix'`);
    expect(await runMigrations(url, dir)).toEqual({ applied: ['1_fix'], alreadyApplied: [] });
  });

  it('applies the project migrations to an empty database', async () => {
    const url = await freshDatabase();
    const projectDir = join(__dirname, '../../../../prisma/migrations');
    const report = await runMigrations(url, projectDir);
    expect(report.applied).toContain('20261122000000_init');
    const sql = await readFile(join(projectDir, '20261122000000_init', 'migration.sql'), 'utf8');
    const [row] = await query<{ checksum: string }>(
      url,
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = '20261122000000_init'`,
    );
    expect(row?.checksum).toBe(migrationChecksum(sql));
  });
});
