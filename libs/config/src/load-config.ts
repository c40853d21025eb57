import { envSchema, type AppConfig } from './env.schema';

/** Values never repeated in an error message: secrets, and URLs that may carry a password. */
const UNSHOWN = new Set(['API_TOKENS', 'METRICS_TOKEN', 'ADMIN_TOKEN', 'DATABASE_URL', 'REDIS_URL']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment. Empty strings count as unset, so
 * `FOO=` in a compose file falls back to the default instead of failing.
 * Throws ConfigError listing one line per bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0]);
    const shown = UNSHOWN.has(key) ? '' : ` (got "${input[key]}")`;
    return `${key}: ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/** For process entry points: print the problems plainly and exit, never a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
