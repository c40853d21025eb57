import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MigrationFile {
  /** Folder name, e.g. `20261122000000_init`; Prisma orders migrations by it. */
  name: string;
  sql: string;
  /** Hex SHA-256 of the script, as Prisma Migrate stores it in `_prisma_migrations.checksum`. */
  checksum: string;
}

export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** Reads `<dir>/<name>/migration.sql` for every migration folder, in Prisma's order. */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    }),
  );
}
