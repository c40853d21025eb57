import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';
import { statementNames } from './statement-names';

export { Prisma, PrismaClient } from './generated/prisma/client';

/**
 * Prisma Client over node-postgres: no native query engine to download, so the same
 * code runs offline, in Docker and in tests. Statements are prepared once per
 * connection and reused (see statement-names.ts).
 */
export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: poolSize },
    process.env['BENCH_NO_STMT_NAMES'] ? {} : { statementNameGenerator: statementNames() },
  );
  return new PrismaClient({ adapter });
}
