// Prisma CLI configuration. The runtime never reads this file: the apps build their
// client from @prisma/adapter-pg with DATABASE_URL (see libs/db).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    // A fallback keeps `prisma generate` (run by `npm ci`) working without any env.
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/docformat',
  },
});
