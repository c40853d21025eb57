import { createHash, randomBytes } from 'node:crypto';

/** A recognisable prefix lets secret scanners spot leaked tokens. */
const TOKEN_PREFIX = 'dft_';

/** 32 random bytes: 256 bits of entropy, well above the 128 the service promises. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Tokens are stored only as this hash; a database leak does not leak tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Webhook signing secrets carry their own prefix, so one is never taken for an API token. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
