import { join } from 'node:path';
import { databaseName, ensureDatabase, runMigrations, withDatabase } from '@docformat/db';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/docformat';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const MIGRATIONS_DIR = join(__dirname, '../../../prisma/migrations');
const TSCONFIG = join(__dirname, '../../../tsconfig.base.json');

export interface TestEnvironment {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
}

/**
 * Where a test project's integration tests live: a database and a queue prefix of
 * their own, derived from the developer's settings but never equal to them, so
 * `npm test` cannot touch development data. One per Nx project and Jest worker
 * (`lane`, Jest's JEST_WORKER_ID): test files run side by side, and a file may empty
 * its tables or sweep every unfinished job without meeting another file's rows.
 */
export function testEnvironment(project: string, env: NodeJS.ProcessEnv = process.env, lane?: string): TestEnvironment {
  // applyTestEnvironment overwrites DATABASE_URL; derive from the original each time.
  const baseUrl = env['DOCFORMAT_BASE_DATABASE_URL'] || env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const base = databaseName(baseUrl);
  const suffix = lane ? `_${lane}` : '';
  return {
    databaseUrl: withDatabase(baseUrl, `${base}_test_${project}${suffix}`),
    redisUrl: env['REDIS_URL'] || DEFAULT_REDIS_URL,
    // Named after the base database, so two checkouts with their own databases share a Redis safely.
    queuePrefix: `${base}-test-${project}${lane ? `-${lane}` : ''}`,
  };
}

/** The lanes of a Jest run with `workers` workers: JEST_WORKER_ID counts from 1 (in band too). */
export function testLanes(workers: number): string[] {
  return Array.from({ length: Math.max(1, workers) }, (_, index) => String(index + 1));
}

/** Jest globalSetup: every lane's test database exists and is migrated before any test runs. */
export async function prepareTestDatabase(project: string, lanes: readonly (string | undefined)[] = [undefined]): Promise<void> {
  await Promise.all(
    lanes.map(async (lane) => {
      const { databaseUrl } = testEnvironment(project, process.env, lane);
      await ensureDatabase(databaseUrl);
      await runMigrations(databaseUrl, MIGRATIONS_DIR);
    }),
  );
}

/** Jest setupFiles: code under test reads its config from the isolated environment of this worker's lane. */
export function applyTestEnvironment(project: string): TestEnvironment {
  const testEnv = testEnvironment(project, process.env, process.env['JEST_WORKER_ID']);
  process.env['DOCFORMAT_BASE_DATABASE_URL'] ??= process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  process.env['DATABASE_URL'] = testEnv.databaseUrl;
  process.env['REDIS_URL'] = testEnv.redisUrl;
  process.env['QUEUE_PREFIX'] = testEnv.queuePrefix;
  process.env['LOG_LEVEL'] = process.env['TEST_LOG_LEVEL'] ?? 'silent';
  // Processes and threads the tests start run the TypeScript sources with
  // @swc-node/register, which reads the `@docformat/*` aliases from this tsconfig.
  process.env['SWC_NODE_PROJECT'] = TSCONFIG;
  // Its default source-map mode also installs source-map-support, which parses every
  // loaded file's map whenever a stack is read: a second of each new thread's first PDF.
  // Inline maps leave stacks to Node (mapped under --enable-source-maps).
  process.env['SWC_NODE_SOURCE_MAP_MODE'] ??= 'inline';
  return testEnv;
}
