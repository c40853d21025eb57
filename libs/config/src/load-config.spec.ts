import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/docformat',
      REDIS_URL: 'redis://127.0.0.1:6379',
      API_TOKENS: [],
      FETCH_ALLOW_PRIVATE: false,
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: availableParallelism(),
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
      expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT: must be a whole number between 1 and 65535 \(got "ninety"\)/);
      expect(() => loadConfig({ METRICS_TOKEN: 'has a space inside it' })).toThrow(
        /METRICS_TOKEN: may only contain printable ASCII without spaces$/,
      );
    });
  });
});
