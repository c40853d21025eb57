import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The secret an admin request presents: a Bearer token (scripts, curl), or the
 * password of HTTP Basic credentials with any user name (browsers, which prompt for
 * Basic and then send it with every asset and API call of the dashboard by themselves).
 */
export function presentedAdminSecret(authorization: string | undefined): string | undefined {
  const header = authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (bearer !== undefined) return bearer;
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)?.[1];
  if (basic === undefined) return undefined;
  const userAndPassword = Buffer.from(basic, 'base64').toString('utf8');
  const colon = userAndPassword.indexOf(':');
  return colon >= 0 ? userAndPassword.slice(colon + 1) : undefined;
}

/**
 * ADMIN_TOKEN, and nothing else (client tokens and METRICS_TOKEN open nothing here).
 * Compared as SHA-256 digests in constant time, a missing secret included, so that
 * neither the token's content nor its length leaks through timing.
 */
export function isAdminAuthorized(authorization: string | undefined, adminToken: string): boolean {
  const presented = presentedAdminSecret(authorization);
  const matches = timingSafeEqual(digest(presented ?? ''), digest(adminToken));
  return presented !== undefined && matches;
}
