import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ApiTokenRepository } from './api-token.repository';
import { hashToken } from './token-secret';

let prisma: PrismaClient;
let tokens: ApiTokenRepository;

beforeAll(() => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  tokens = new ApiTokenRepository(prisma);
});
afterAll(() => prisma.$disconnect());

describe('ApiTokenRepository (real Postgres)', () => {
  it('creates a high-entropy token stored only as its SHA-256 hash', async () => {
    const { token, info } = await tokens.create('alice');
    expect(token).toMatch(/^dft_[A-Za-z0-9_-]{43}$/);
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: info.id } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(info).toMatchObject({ name: 'alice', lastUsedAt: null, revokedAt: null });
  });

  it('authenticates a token, records its use, and refuses it once revoked', async () => {
    const { token, info } = await tokens.create('bob');
    expect(await tokens.authenticate(token)).toEqual({ id: info.id, name: 'bob' });
    const used = await prisma.apiToken.findUniqueOrThrow({ where: { id: info.id } });
    expect(used.lastUsedAt).toBeInstanceOf(Date);

    const revoked = await tokens.revoke(info.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await tokens.authenticate(token)).toBeNull();
    expect(await tokens.authenticate('dft_unknown')).toBeNull();
  });

  it('keeps one client per bootstrap token across restarts, and revoked stays revoked', async () => {
    const token = `bootstrap-${Math.random().toString(36)}-0123456789`;
    const first = await tokens.ensureBootstrapToken(token);
    const again = await tokens.ensureBootstrapToken(token);
    expect(again.id).toBe(first.id);
    expect(first.name).toBe(`bootstrap-${hashToken(token).slice(0, 8)}`);

    await tokens.revoke(first.id);
    const afterRestart = await tokens.ensureBootstrapToken(token);
    expect(afterRestart.revokedAt).toBeInstanceOf(Date);
    expect(await tokens.authenticate(token)).toBeNull();
  });

  it('registers a bootstrap token once when many processes start at the same moment', async () => {
    const token = `bootstrap-race-${Math.random().toString(36)}-0123456789`;
    // Three processes' clients, four registrations each, all at once.
    const clients = Array.from({ length: 3 }, () => createPrismaClient(process.env['DATABASE_URL'] as string, 4));
    try {
      const starters = clients.map((client) => new ApiTokenRepository(client));
      const results = await Promise.all(starters.flatMap((repo) => Array.from({ length: 4 }, () => repo.ensureBootstrapToken(token))));
      expect(new Set(results.map((info) => info.id)).size).toBe(1);
      expect(await prisma.apiToken.count({ where: { tokenHash: hashToken(token) } })).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
    }
  });

  it('lists tokens without secrets and answers null for an unknown id', async () => {
    const { info } = await tokens.create('carol');
    const listed = await tokens.list();
    expect(listed.find((t) => t.id === info.id)).toEqual(info);
    expect(Object.keys(listed[0] ?? {})).toEqual(['id', 'name', 'createdAt', 'lastUsedAt', 'revokedAt']);
    expect(await tokens.revoke('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
