import type { PrismaClient } from '../prisma-client';
import { generateToken, generateWebhookSecret, hashToken } from './token-secret';

export interface ApiTokenInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** The identity a valid token stands for; jobs belong to it. */
export interface ApiClient {
  id: string;
  name: string;
}

const INFO_FIELDS = { id: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** Writing lastUsedAt on every request would make each poll a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class ApiTokenRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The secret that signs a client's webhook deliveries, made on first use; with
   * `rotate`, a new one replaces it (deliveries from then on are signed with the new
   * one). Null for an unknown id. Unlike the token, it is stored as it is: the
   * service must sign with it.
   */
  async webhookSecret(id: string, options: { rotate?: boolean } = {}): Promise<string | null> {
    const fresh = generateWebhookSecret();
    // Made at most once even when two deliveries ask at the same time: the update only
    // fills an empty secret (unless rotating), and everyone reads what is stored then.
    await this.prisma.apiToken.updateMany({ where: options.rotate ? { id } : { id, webhookSecret: null }, data: { webhookSecret: fresh } });
    const row = await this.prisma.apiToken.findUnique({ where: { id }, select: { webhookSecret: true } });
    return row?.webhookSecret ?? null;
  }

  /** Creates a token; the plain token is returned once and never stored. */
  async create(name: string): Promise<{ token: string; info: ApiTokenInfo }> {
    const token = generateToken();
    const info = await this.prisma.apiToken.create({
      data: { name, tokenHash: hashToken(token) },
      select: INFO_FIELDS,
    });
    return { token, info };
  }

  /**
   * Registers a token given in configuration (API_TOKENS). Idempotent: the same token
   * keeps the same client across restarts, and a revoked one stays revoked.
   */
  async ensureBootstrapToken(token: string): Promise<ApiTokenInfo> {
    const tokenHash = hashToken(token);
    // Several API processes start at once (API_PROCESSES) and register the same tokens:
    // ON CONFLICT DO NOTHING lets every one of them succeed, where a read-then-insert
    // upsert would fail all but one on the unique hash.
    await this.prisma.$executeRaw`
      INSERT INTO api_tokens (id, name, token_hash)
      VALUES (gen_random_uuid(), ${`bootstrap-${tokenHash.slice(0, 8)}`}, ${tokenHash})
      ON CONFLICT (token_hash) DO NOTHING`;
    return this.prisma.apiToken.findUniqueOrThrow({ where: { tokenHash }, select: INFO_FIELDS });
  }

  /** The client a token stands for, or null when it is unknown or revoked. */
  async authenticate(token: string, now = new Date()): Promise<ApiClient | null> {
    const row = await this.prisma.apiToken.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, name: true, revokedAt: true, lastUsedAt: true },
    });
    if (!row || row.revokedAt) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.prisma.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
    }
    return { id: row.id, name: row.name };
  }

  list(): Promise<ApiTokenInfo[]> {
    return this.prisma.apiToken.findMany({ select: INFO_FIELDS, orderBy: { createdAt: 'asc' } });
  }

  /** Revokes a token; returns null when no token has that id. Revoking twice keeps the first time. */
  async revoke(id: string, now = new Date()): Promise<ApiTokenInfo | null> {
    const existing = await this.prisma.apiToken.findUnique({ where: { id }, select: INFO_FIELDS });
    if (!existing) return null;
    if (existing.revokedAt) return existing;
    return this.prisma.apiToken.update({ where: { id }, data: { revokedAt: now }, select: INFO_FIELDS });
  }
}
