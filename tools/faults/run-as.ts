import { execFileSync } from 'node:child_process';

/**
 * Postgres refuses to run as root. As root, its binaries run as the `postgres`
 * user (runuser); as anyone else, as that user.
 */
export function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export function run(command: string, args: string[]): string {
  const [cmd, argv] = asPostgresUser(command, args);
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
