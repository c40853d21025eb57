import { testEnvironment, testLanes } from './test-environment';

describe('testEnvironment', () => {
  it('derives a database and queue prefix of its own from the developer settings', () => {
    expect(testEnvironment('api', { DATABASE_URL: 'postgresql://me:pw@db.local:5433/docformat', REDIS_URL: 'redis://r:6380/2' })).toEqual({
      databaseUrl: 'postgresql://me:pw@db.local:5433/docformat_test_api',
      redisUrl: 'redis://r:6380/2',
      queuePrefix: 'docformat-test-api',
    });
  });

  it('never lands on the development database, even when applied twice', () => {
    const env = {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/docformat_test_api',
      DOCFORMAT_BASE_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/docformat',
    };
    expect(testEnvironment('api', env).databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/docformat_test_api');
  });

  it('falls back to the documented local defaults', () => {
    expect(testEnvironment('worker', {}).databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/docformat_test_worker');
  });

  it('gives each Jest worker a database and queue prefix of its own', () => {
    const env = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/docformat' };
    expect(testEnvironment('worker', env, '2')).toMatchObject({
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/docformat_test_worker_2',
      queuePrefix: 'docformat-test-worker-2',
    });
    expect(testLanes(3)).toEqual(['1', '2', '3']);
    expect(testLanes(0)).toEqual(['1']);
  });
});
