import { loadConfigOrExit } from '@docformat/config';
import { ensureDatabase, runMigrations } from '@docformat/db';
import { createLogger } from '@docformat/logging';
import { resolve } from 'node:path';

/**
 * `npm run db:migrate`: create the database if missing, then apply pending
 * migrations from prisma/migrations (run from the repository or image root).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('migrate', config.LOG_LEVEL === 'silent' ? 'info' : config.LOG_LEVEL);
  try {
    if (await ensureDatabase(config.DATABASE_URL)) logger.info({ event: 'db.created' }, 'Created the database');
    const report = await runMigrations(config.DATABASE_URL, resolve('prisma/migrations'), {
      info: (message) => logger.info({ event: 'db.migration_applied' }, message),
    });
    logger.info(
      { event: 'db.migrated', applied: report.applied.length, alreadyApplied: report.alreadyApplied.length },
      'Database is up to date',
    );
  } catch (error) {
    logger.error({ event: 'db.migration_failed', err: error }, (error as Error).message);
    process.exitCode = 1;
  }
}

void main();
