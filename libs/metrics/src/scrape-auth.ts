import { ProblemCode } from '@docformat/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';

const REALM = 'docformat';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The METRICS_TOKEN rule, the same on the API and the workers: without a token
 * configured every scrape is let in; with one, the request must carry
 * `Authorization: Bearer <token>`. Compared as SHA-256 digests in constant time, so
 * neither the token's content nor its length leaks through timing.
 */
export function isScrapeAuthorized(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(token));
}

/** The 401 a refused scrape gets, as RFC 9457 fields (the API's problem filter, the worker's server). */
export interface ScrapeProblem {
  type: string;
  title: string;
  status: 401;
  detail: string;
  code: typeof ProblemCode.UNAUTHORIZED;
  headers: Record<string, string>;
}

/** RFC 6750: a missing token gets a bare challenge, a wrong one says invalid_token. */
export function unauthorizedScrape(authorization: string | undefined): ScrapeProblem {
  const hasToken = /^Bearer\s+\S/i.test(authorization ?? '');
  return {
    type: 'urn:docformat:problem:unauthorized',
    title: 'Unauthorized',
    status: 401,
    detail: hasToken
      ? 'The bearer token is not the metrics token.'
      : 'Send the metrics token in the header "Authorization: Bearer <METRICS_TOKEN>".',
    code: ProblemCode.UNAUTHORIZED,
    headers: { 'WWW-Authenticate': hasToken ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"` },
  };
}
