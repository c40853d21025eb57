import { isScrapeAuthorized, unauthorizedScrape } from './scrape-auth';

const TOKEN = 'scrape-secret-0123456789';

describe('isScrapeAuthorized', () => {
  it('lets every scrape in when no token is configured', () => {
    expect(isScrapeAuthorized(undefined, undefined)).toBe(true);
    expect(isScrapeAuthorized('Bearer anything', undefined)).toBe(true);
  });

  it('needs exactly the configured token as a bearer token', () => {
    expect(isScrapeAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isScrapeAuthorized(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isScrapeAuthorized(undefined, TOKEN)).toBe(false);
    expect(isScrapeAuthorized('', TOKEN)).toBe(false);
    expect(isScrapeAuthorized(TOKEN, TOKEN)).toBe(false);
    expect(isScrapeAuthorized(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(isScrapeAuthorized(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(isScrapeAuthorized(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(isScrapeAuthorized(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
  });
});

describe('unauthorizedScrape', () => {
  it('challenges a scrape without a token with a bare Bearer challenge', () => {
    expect(unauthorizedScrape(undefined)).toMatchObject({
      type: 'urn:docformat:problem:unauthorized',
      status: 401,
      code: 'UNAUTHORIZED',
      headers: { 'WWW-Authenticate': 'Bearer realm="docformat"' },
    });
  });

  it('says invalid_token when a wrong token was sent, without repeating it', () => {
    const problem = unauthorizedScrape('Bearer wrong-token-value');
    expect(problem.headers['WWW-Authenticate']).toBe('Bearer realm="docformat", error="invalid_token"');
    expect(JSON.stringify(problem)).not.toContain('wrong-token-value');
  });
});
