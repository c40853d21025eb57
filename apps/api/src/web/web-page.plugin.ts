import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where `npm run build` puts the page (apps/api/web/build.js): compiled, beside the
 * API's own output (dist/api/web); run from the sources (the tests), in the repo's dist/.
 */
const CANDIDATE_ROOTS = [join(__dirname, '../../../../web'), join(__dirname, '../../../../dist/api/web')];

/**
 * The page may talk to this origin only and run only its own files: no inline script
 * or style, nothing remote (a rendered document's images and links cannot load or
 * beacon anything), no framing, no form posts elsewhere. Set on the page's files only;
 * the API's JSON answers are not documents a browser renders.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

export function webPageRoot(): string | undefined {
  return CANDIDATE_ROOTS.find((root) => existsSync(join(root, 'index.html')));
}

/**
 * The web page at `/` and its files under `/assets/`, served without a token (the page
 * asks for one and sends it to the API itself). Plain Fastify routes, as Swagger UI's
 * files are, so Nest's token guard never sees them. `wildcard: false` gives one route
 * per built file, so every other path still reaches Nest's 404 problem; a path that
 * matched an existing API route would fail the start, loudly. Without a built page
 * (the API run from its sources before `npm run build`) `/` is a 404 like any path.
 */
export async function registerWebPage(app: NestFastifyApplication, root = webPageRoot()): Promise<boolean> {
  if (!root) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // Swagger UI registers @fastify/static too; reply.sendFile is not needed here.
    decorateReply: false,
    // Revalidated on every load (ETag / Last-Modified), so a new release is seen at once.
    maxAge: 0,
    setHeaders: (reply) => {
      for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) reply.header(name, value);
    },
  });
  return true;
}
