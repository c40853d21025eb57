import type { PrismaClient } from '@docformat/db';
import type { FactoryProvider } from '@nestjs/common';
import { PRISMA } from './tokens';

/**
 * A repository over the process's Prisma client, as a Nest provider: the apps' modules
 * list the repositories their own role uses (a repository holds nothing but the
 * client, so two modules may each build one).
 */
export function prismaRepository<T>(repository: new (prisma: PrismaClient) => T): FactoryProvider<T> {
  return { provide: repository, inject: [PRISMA], useFactory: (prisma: PrismaClient) => new repository(prisma) };
}
