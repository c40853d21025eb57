import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export { Prisma, PrismaClient } from './generated/prisma/client';

/**
 * Prisma Client over node-postgres: no native query engine to download, so the same
 * code runs offline, in Docker and in tests.
 */
export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: poolSize });
  return new PrismaClient({ adapter });
}
