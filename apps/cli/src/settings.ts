import { DEFAULT_URL } from '@docformat/client';

/** A mistake in how the CLI was called or configured: exit code 2, with the message alone. */
export class UsageError extends Error {}

export interface Settings {
  url: string;
  token: string;
}

/** DOCFORMAT_URL (default http://localhost:3000) and DOCFORMAT_TOKEN, checked before anything is sent. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const url = env['DOCFORMAT_URL']?.trim() || DEFAULT_URL;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol))
    throw new UsageError(`DOCFORMAT_URL is not an http(s) URL: ${JSON.stringify(url)} (for example http://localhost:3000).`);
  const token = env['DOCFORMAT_TOKEN']?.trim();
  if (!token)
    throw new UsageError(
      'DOCFORMAT_TOKEN is not set. Create a token on the server (`npm run token -- create <name>`) and `export DOCFORMAT_TOKEN=<token>`.',
    );
  return { url, token };
}
