import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { readMigrationFiles, type MigrationFile } from './migration-files';

/** The lock key Prisma Migrate takes, so our runner and `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK = 72707369;

/** Prisma Migrate's own bookkeeping table, created exactly as Prisma creates it. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

export interface MigrationLogger {
  info(message: string): void;
}

/**
 * Applies pending migrations from `dir` (Prisma's layout), each in its own
 * transaction, recording them in `_prisma_migrations` with Prisma's checksums, so
 * that this runner and `prisma migrate deploy` are interchangeable.
 *
 * Like Prisma, it refuses to go on past a failed migration (until someone resolves
 * it), and it also refuses when an applied migration's file was changed since.
 */
export async function runMigrations(
  databaseUrl: string,
  dir: string,
  logger: MigrationLogger = { info: () => undefined },
): Promise<MigrationReport> {
  const files = await readMigrationFiles(dir);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const applied = await loadAppliedMigrations(client);
    const report: MigrationReport = { applied: [], alreadyApplied: [] };
    for (const file of files) {
      const row = applied.get(file.name);
      if (row) {
        assertUnchanged(file, row);
        report.alreadyApplied.push(file.name);
        continue;
      }
      await applyMigration(client, file);
      logger.info(`Applied migration ${file.name}`);
      report.applied.push(file.name);
    }
    return report;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** Rows that count: rolled-back attempts are ignored, as Prisma ignores them. */
async function loadAppliedMigrations(client: Client): Promise<Map<string, AppliedRow>> {
  const { rows } = await client.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"
     WHERE rolled_back_at IS NULL ORDER BY started_at`,
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function assertUnchanged(file: MigrationFile, row: AppliedRow): void {
  if (row.finished_at === null) {
    throw new MigrationError(
      `Migration ${file.name} failed earlier and blocks all later ones. Fix the database, then mark it ` +
        `rolled back (prisma migrate resolve --rolled-back ${file.name}, or set rolled_back_at in _prisma_migrations) and run again.`,
    );
  }
  if (row.checksum !== file.checksum) {
    throw new MigrationError(
      `Migration ${file.name} was changed after it was applied (checksum ${row.checksum} in the database, ` +
        `${file.checksum} on disk). Restore the original file and put the change in a new migration.`,
    );
  }
}

async function applyMigration(client: Client, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  // The row is written before the script runs and outside its transaction, so a
  // failure stays on record (finished_at NULL, logs = the error), as with Prisma.
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)`, [id, file.checksum, file.name]);
  try {
    await client.query('BEGIN');
    await client.query(file.sql);
    await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, reason]);
    throw new MigrationError(`Migration ${file.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}
