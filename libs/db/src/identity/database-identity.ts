import type { PrismaClient } from '../prisma-client';

/** Which database a deployment's jobs live in: the id its migration made, and its name. */
export interface DatabaseIdentity {
  id: string;
  database: string;
}

/**
 * Reads this database's identity. The name is part of it because a copy of the
 * database (`createdb -T`, a dump restored elsewhere) carries the same id row.
 */
export async function readDatabaseIdentity(prisma: PrismaClient): Promise<DatabaseIdentity> {
  let rows: DatabaseIdentity[];
  try {
    rows = await prisma.$queryRaw<DatabaseIdentity[]>`
      SELECT id::text AS id, current_database() AS database FROM deployment_identity WHERE singleton`;
  } catch (error) {
    if (!/deployment_identity.*does not exist|does not exist.*deployment_identity/s.test(String((error as Error).message))) throw error;
    throw new Error('The database has no deployment_identity table yet; run `npm run db:migrate` first', { cause: error });
  }
  const row = rows[0];
  if (!row) throw new Error('The deployment_identity table is empty; run `npm run db:migrate` on a fresh database');
  return row;
}
