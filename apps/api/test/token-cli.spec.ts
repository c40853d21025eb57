import { ApiTokenRepository, createPrismaClient, type PrismaClient } from '@docformat/db';
import { runTokenCli } from '../src/cli/token-cli';
import { startTestApp, type TestApp } from './test-app';

let prisma: PrismaClient;
let tokens: ApiTokenRepository;
let t: TestApp;

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string, 1);
  tokens = new ApiTokenRepository(prisma);
  // The revocation below must show on the very next request: no token cache.
  t = await startTestApp({ TOKEN_CACHE_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
  await prisma.$disconnect();
});

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTokenCli(args, tokens, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('npm run token', () => {
  it('creates a token that the API accepts, lists it without its secret, and revokes it', async () => {
    const created = await run('create', 'ci-pipeline');
    expect(created.code).toBe(0);
    const token = created.out[1] as string;
    expect(token).toMatch(/^dft_[A-Za-z0-9_-]{43}$/);
    const id = /Created token ([0-9a-f-]{36})/.exec(created.out[0] as string)?.[1] as string;

    const auth = { Authorization: `Bearer ${token}` };
    const body = { file: 'https://example.com/a.pdf', format: { type: 'text' } };
    expect((await t.http().post('/format').set(auth).send(body)).status).toBe(202);

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toBe('id\tname\tcreated\tlast used\tstate');
    const line = listed.out.find((l) => l.startsWith(id)) as string;
    expect(line).toMatch(/\tci-pipeline\t.+\tactive$/);
    expect(listed.out.join('\n')).not.toContain(token);

    const revoked = await run('revoke', id);
    expect(revoked.code).toBe(0);
    expect(revoked.out[0]).toContain(`Revoked token ${id}`);
    expect((await t.http().post('/format').set(auth).send(body)).status).toBe(401);
    expect((await run('list')).out.find((l) => l.startsWith(id))).toMatch(/\trevoked \d{4}-/);
  });

  it('shows a webhook secret, the same each time, until it is rotated', async () => {
    const created = await run('create', 'hooks');
    const id = /Created token ([0-9a-f-]{36})/.exec(created.out[0] as string)?.[1] as string;
    const first = await run('webhook-secret', id);
    expect(first.code).toBe(0);
    expect(first.out[1]).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await run('webhook-secret', id)).out[1]).toBe(first.out[1]);
    const rotated = await run('webhook-secret', id, '--rotate');
    expect(rotated.out[0]).toContain('New webhook secret');
    expect(rotated.out[1]).not.toBe(first.out[1]);
    expect((await run('webhook-secret', id)).out[1]).toBe(rotated.out[1]);
    expect((await run('webhook-secret', '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11')).code).toBe(1);
    expect((await run('webhook-secret', id, '--twice')).code).toBe(2);
  });

  it('explains an unknown id and bad usage with a non-zero exit code', async () => {
    expect(await run('revoke', 'nope')).toMatchObject({ code: 1, err: [expect.stringContaining('No token has the id "nope"')] });
    expect(await run('revoke', '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11')).toMatchObject({ code: 1 });
    const usage = await run('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toContain('Usage: npm run token -- <command>');
    expect((await run('create')).code).toBe(2);
  });
});
