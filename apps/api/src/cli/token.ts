import { loadConfigOrExit } from '@docformat/config';
import { ApiTokenRepository, createPrismaClient } from '@docformat/db';
import { runTokenCli } from './token-cli';

/** `npm run token -- create|list|revoke`: manage API tokens in the configured database. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const prisma = createPrismaClient(config.DATABASE_URL, 1);
  try {
    process.exitCode = await runTokenCli(process.argv.slice(2), new ApiTokenRepository(prisma), {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`token: ${(error as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
  }
}

void main();
