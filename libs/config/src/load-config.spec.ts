import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.WORKER_CONCURRENCY).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/docformat',
      REDIS_URL: 'redis://127.0.0.1:6379',
      API_TOKENS: [],
      FETCH_ALLOW_PRIVATE: false,
      LOG_LEVEL: 'info',
      WORKER_CORES: availableParallelism(),
      MAX_FILE_BYTES: 50 * 1024 * 1024,
    });
  });

  it('parses values and splits bootstrap tokens on commas', () => {
    const config = loadConfig({
      PORT: '8080',
      FETCH_ALLOW_PRIVATE: 'TRUE',
      API_TOKENS: ' aaaaaaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb ,',
      MAX_PAGES: '10',
    });
    expect(config.PORT).toBe(8080);
    expect(config.FETCH_ALLOW_PRIVATE).toBe(true);
    expect(config.API_TOKENS).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']);
    expect(config.MAX_PAGES).toBe(10);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info' });
  });

  it('reports one clear line per bad value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        FETCH_ALLOW_PRIVATE: 'maybe',
        LOG_LEVEL: 'loud',
        MAX_FILE_BYTES: '0',
        API_TOKENS: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(6);
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a whole number between 1 and 65535 (got "abc")',
        'DATABASE_URL: must be a URL starting with postgresql:// or postgres://',
        'FETCH_ALLOW_PRIVATE: must be true or false (got "maybe")',
        'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
        'MAX_FILE_BYTES: must be at least 1024 (got "0")',
        'API_TOKENS: each token must be at least 24 characters long',
      ]),
    );
    expect((error as Error).message).toContain('Invalid configuration:\n  - ');
  });

  it('never echoes secrets in messages', () => {
    expect(() => loadConfig({ API_TOKENS: 'has space inside the token value' })).toThrow(
      /API_TOKENS: tokens may only contain printable ASCII without spaces$/,
    );
  });

  describe('metrics settings', () => {
    it('leaves the worker metrics port and the scrape token unset by default', () => {
      const config = loadConfig({});
      expect(config.METRICS_PORT).toBeUndefined();
      expect(config.METRICS_TOKEN).toBeUndefined();
    });

    it('parses a port and keeps a token as given', () => {
      const config = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'scrape-secret-0123456789' });
      expect(config.METRICS_PORT).toBe(9464);
      expect(config.METRICS_TOKEN).toBe('scrape-secret-0123456789');
    });

    it('explains a bad port and a bad token without echoing the token', () => {
      let error: unknown;
      try {
        loadConfig({ METRICS_PORT: '70000', METRICS_TOKEN: 'short-secret' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.sort()).toEqual([
        'METRICS_PORT: must be at most 65535 (got "70000")',
        'METRICS_TOKEN: must be at least 16 characters long',
      ]);
      expect((error as Error).message).not.toContain('short-secret');
    });

    it('refuses a port that is not a number and a token with spaces', () => {
      expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(
        /METRICS_PORT: must be a whole number between 1 and 65535 \(got "ninety"\)/,
      );
      expect(() => loadConfig({ METRICS_TOKEN: 'has a space inside it' })).toThrow(
        /METRICS_TOKEN: may only contain printable ASCII without spaces$/,
      );
    });
  });

  describe('API performance settings', () => {
    it('defaults to one API process per core, a 5 s token cache and batches sent each event-loop turn', () => {
      expect(loadConfig({})).toMatchObject({
        API_PROCESSES: availableParallelism(),
        TOKEN_CACHE_SECONDS: 5,
        ENQUEUE_BATCH_MAX: 100,
        ENQUEUE_BATCH_WAIT_MS: 0,
      });
    });

    it('accepts 1 process, a disabled cache and unbatched adds', () => {
      expect(
        loadConfig({ API_PROCESSES: '1', TOKEN_CACHE_SECONDS: '0', ENQUEUE_BATCH_MAX: '1', ENQUEUE_BATCH_WAIT_MS: '3' }),
      ).toMatchObject({
        API_PROCESSES: 1,
        TOKEN_CACHE_SECONDS: 0,
        ENQUEUE_BATCH_MAX: 1,
        ENQUEUE_BATCH_WAIT_MS: 3,
      });
    });

    const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };

    it('reports each bad value on its own line', () => {
      const problems = problemsOf({
        API_PROCESSES: '0',
        TOKEN_CACHE_SECONDS: 'soon',
        ENQUEUE_BATCH_MAX: '-5',
        ENQUEUE_BATCH_WAIT_MS: '5000',
      });
      expect(problems.sort()).toEqual([
        'API_PROCESSES: must be at least 1 (got "0")',
        'ENQUEUE_BATCH_MAX: must be a whole number between 1 and 10000 (got "-5")',
        'ENQUEUE_BATCH_WAIT_MS: must be at most 1000 (got "5000")',
        'TOKEN_CACHE_SECONDS: must be a whole number between 0 and 3600 (got "soon")',
      ]);
    });
  });
});

describe('webhook settings and the public URL', () => {
  it('defaults to 10 s per attempt, retries for a day, 1 MiB bodies, 8 at once, and no public URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      WEBHOOK_TIMEOUT_MS: 10_000,
      WEBHOOK_RETRY_SECONDS: 86_400,
      WEBHOOK_MAX_BODY_BYTES: 1_048_576,
      WEBHOOK_CONCURRENCY: 8,
    });
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it('keeps a public URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://docformat.example.com/' }).PUBLIC_URL).toBe('https://docformat.example.com');
  });

  it.each(['docformat.example.com', 'ftp://docformat.example.com', 'https://docformat.example.com/?a=1'])(
    'refuses PUBLIC_URL=%s',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: must be an absolute http:\/\/ or https:\/\/ URL/);
    },
  );
});

describe('the admin token', () => {
  it('is unset by default, which turns the queue dashboard off', () => {
    expect(loadConfig({}).ADMIN_TOKEN).toBeUndefined();
    expect(loadConfig({ ADMIN_TOKEN: '' }).ADMIN_TOKEN).toBeUndefined();
  });

  it('keeps a long enough token as given', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'admin-secret-0123456789' }).ADMIN_TOKEN).toBe('admin-secret-0123456789');
  });

  it('refuses a short token or one with spaces, without echoing it', () => {
    for (const [value, message] of [
      ['short-admin', 'ADMIN_TOKEN: must be at least 16 characters long'],
      ['an admin token with spaces', 'ADMIN_TOKEN: may only contain printable ASCII without spaces'],
    ]) {
      let error: unknown;
      try {
        loadConfig({ ADMIN_TOKEN: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([message]);
      expect((error as Error).message).not.toContain(value);
    }
  });
});
