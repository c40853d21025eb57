import { join } from 'node:path';
import { databaseName, ensureDatabase, runMigrations, withDatabase } from '@docformat/db';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/docformat';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const MIGRATIONS_DIR = join(__dirname, '../../../prisma/migrations');

export interface TestEnvironment {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
}

/**
 * Where a test project's integration tests live: a database and a queue prefix of
 * their own, derived from the developer's settings but never equal to them, so
 * `npm test` cannot touch development data. One per Nx project, because Nx runs
 * projects in parallel.
 */
export function testEnvironment(project: string, env: NodeJS.ProcessEnv = process.env): TestEnvironment {
  // applyTestEnvironment overwrites DATABASE_URL; derive from the original each time.
  const baseUrl = env['DOCFORMAT_BASE_DATABASE_URL'] || env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  return {
    databaseUrl: withDatabase(baseUrl, `${databaseName(baseUrl)}_test_${project}`),
    redisUrl: env['REDIS_URL'] || DEFAULT_REDIS_URL,
    // Named after the base database, so two checkouts with their own databases share a Redis safely.
    queuePrefix: `${databaseName(baseUrl)}-test-${project}`,
  };
}

/** Jest globalSetup: the test database exists and is migrated before any test runs. */
export async function prepareTestDatabase(project: string): Promise<void> {
  const { databaseUrl } = testEnvironment(project);
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl, MIGRATIONS_DIR);
}

/** Jest setupFiles: code under test reads its config from the isolated environment. */
export function applyTestEnvironment(project: string): TestEnvironment {
  const testEnv = testEnvironment(project);
  process.env['DOCFORMAT_BASE_DATABASE_URL'] ??= process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  process.env['DATABASE_URL'] = testEnv.databaseUrl;
  process.env['REDIS_URL'] = testEnv.redisUrl;
  process.env['QUEUE_PREFIX'] = testEnv.queuePrefix;
  process.env['LOG_LEVEL'] = process.env['TEST_LOG_LEVEL'] ?? 'silent';
  return testEnv;
}
