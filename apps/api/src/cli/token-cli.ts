import { isUuid } from '@docformat/contracts';
import type { ApiTokenInfo, ApiTokenRepository } from '@docformat/db';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = [
  'Usage: npm run token -- <command>',
  '  create <name>   create a token for a new client; the token is printed once',
  '  list            list tokens (never their secrets)',
  '  revoke <id>     revoke a token; its client can no longer call the API',
  "  webhook-secret <id> [--rotate]\n                  show the secret that signs the client's webhooks (made on first use), or replace it",
].join('\n');

const date = (d: Date | null): string => (d ? d.toISOString() : '-');

function row(t: ApiTokenInfo): string {
  return [t.id, t.name, date(t.createdAt), date(t.lastUsedAt), t.revokedAt ? `revoked ${date(t.revokedAt)}` : 'active'].join('\t');
}

/** The token commands, separated from process wiring so tests run them in-process. Returns the exit code. */
export async function runTokenCli(args: string[], tokens: ApiTokenRepository, io: CliIo): Promise<number> {
  const [command, arg, ...rest] = args;
  if (command === 'create' && arg && rest.length === 0) {
    const name = arg.trim();
    if (!name || name.length > 200) {
      io.err('The name must be 1 to 200 characters long.');
      return 2;
    }
    const { token, info } = await tokens.create(name);
    io.out(`Created token ${info.id} for "${info.name}". Store it now; it cannot be shown again:`);
    io.out(token);
    return 0;
  }
  if (command === 'list' && !arg) {
    const all = await tokens.list();
    io.out(['id', 'name', 'created', 'last used', 'state'].join('\t'));
    all.forEach((t) => io.out(row(t)));
    return 0;
  }
  if (command === 'revoke' && arg && rest.length === 0) {
    const revoked = isUuid(arg) ? await tokens.revoke(arg) : null;
    if (!revoked) {
      io.err(`No token has the id "${arg}". Run "npm run token -- list" to see the ids.`);
      return 1;
    }
    io.out(`Revoked token ${revoked.id} ("${revoked.name}") at ${date(revoked.revokedAt)}.`);
    return 0;
  }
  if (command === 'webhook-secret' && arg && (rest.length === 0 || (rest.length === 1 && rest[0] === '--rotate'))) {
    const rotate = rest[0] === '--rotate';
    const secret = isUuid(arg) ? await tokens.webhookSecret(arg, { rotate }) : null;
    if (!secret) {
      io.err(`No token has the id "${arg}". Run "npm run token -- list" to see the ids.`);
      return 1;
    }
    io.out(rotate ? `New webhook secret of token ${arg}; deliveries are signed with it from now on:` : `Webhook secret of token ${arg}:`);
    io.out(secret);
    return 0;
  }
  io.err(USAGE);
  return 2;
}
