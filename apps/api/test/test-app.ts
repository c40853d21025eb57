import { loadConfig, type AppConfig } from '@docformat/config';
import { ApiTokenRepository, createPrismaClient, type PrismaClient } from '@docformat/db';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/app.factory';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  prisma: PrismaClient;
  /** A new client with its own token, as `npm run token -- create` makes them. */
  newClient: (name?: string) => Promise<{ id: string; token: string; auth: { Authorization: string } }>;
  close: () => Promise<void>;
}

/** Boots the real API (real Postgres, real Redis, real HTTP) in the isolated test environment. */
export async function startTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = loadConfig({ ...process.env, ...env });
  const app = await createApp(config);
  await app.init();
  // Fastify routes requests only once its plugins have loaded.
  await app.getHttpAdapter().getInstance().ready();
  const prisma = createPrismaClient(config.DATABASE_URL, 2);
  const tokens = new ApiTokenRepository(prisma);
  return {
    app,
    config,
    prisma,
    http: () => request(app.getHttpServer()),
    newClient: async (name = 'test-client') => {
      const { token, info } = await tokens.create(name);
      return { id: info.id, token, auth: { Authorization: `Bearer ${token}` } };
    },
    close: async () => {
      await app.close();
      await prisma.$disconnect();
    },
  };
}

/** POST /format as `client` (a document URL and text by default); expects the 202 and returns the job id. */
export async function submitJob(
  t: TestApp,
  client: { auth: { Authorization: string } },
  body: { file: string; format: Record<string, unknown>; webhook?: { url: string } } = {
    file: 'https://example.com/doc.pdf',
    format: { type: 'text' },
  },
): Promise<string> {
  const res = await t.http().post('/format').set(client.auth).send(body);
  if (res.status !== 202) throw new Error(`POST /format answered ${res.status}: ${res.text}`);
  return res.body.id as string;
}

export const PROBLEM_KEYS = ['code', 'detail', 'status', 'title', 'type'];
