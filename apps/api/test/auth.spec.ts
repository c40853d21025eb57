import { ApiTokenRepository } from '@docformat/db';
import { startTestApp, type TestApp } from './test-app';

const BOOTSTRAP = `compose-bootstrap-token-${process.pid}-abcdefghijkl`;
let t: TestApp;

beforeAll(async () => {
  // Without the token cache a revocation shows on the very next request.
  t = await startTestApp({ API_TOKENS: BOOTSTRAP, TOKEN_CACHE_SECONDS: '0' });
});
afterAll(() => t.close());

const body = { file: 'https://example.com/a.pdf', format: { type: 'text' } };

describe('bearer authentication', () => {
  it('answers 401 with a bare Bearer challenge when the header is missing', async () => {
    const res = await t.http().post('/format').send(body);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="docformat"');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('answers 401 invalid_token for an unknown token, on every route', async () => {
    for (const req of [t.http().post('/format').send(body), t.http().get('/job/7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11')]) {
      const res = await req.set('Authorization', 'Bearer dft_not-a-real-token');
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="docformat", error="invalid_token"');
    }
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const res = await t.http().get('/job/x').set('Authorization', 'Basic dXNlcjpwYXNz');
    expect(res.status).toBe(401);
  });

  it('refuses a token once it is revoked', async () => {
    const client = await t.newClient('to-revoke');
    expect((await t.http().post('/format').set(client.auth).send(body)).status).toBe(202);
    await t.app.get(ApiTokenRepository).revoke(client.id);
    const res = await t.http().post('/format').set(client.auth).send(body);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it('accepts the bootstrap tokens from API_TOKENS as clients of their own', async () => {
    const res = await t.http().post('/format').set('Authorization', `Bearer ${BOOTSTRAP}`).send(body);
    expect(res.status).toBe(202);
    const other = await t.newClient('other');
    expect((await t.http().get(`/job/${res.body.id}`).set(other.auth)).status).toBe(404);
    expect((await t.http().get(`/job/${res.body.id}`).set('Authorization', `Bearer ${BOOTSTRAP}`)).status).toBe(200);
  });
});

describe('bearer authentication with the token cache (TOKEN_CACHE_SECONDS)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ TOKEN_CACHE_SECONDS: '3600' });
  });
  afterAll(() => cached.close());

  it('keeps accepting a revoked token until its cached answer expires, as documented', async () => {
    const client = await cached.newClient('cached-then-revoked');
    expect((await cached.http().post('/format').set(client.auth).send(body)).status).toBe(202);
    await cached.app.get(ApiTokenRepository).revoke(client.id);
    expect((await cached.http().post('/format').set(client.auth).send(body)).status).toBe(202);
  });

  it('still refuses unknown tokens with the invalid_token challenge, also when answered from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await cached.http().get('/job/7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11').set('Authorization', 'Bearer dft_guessed');
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="docformat", error="invalid_token"');
    }
  });
});
