import { refusalReason } from '@docformat/fetcher';
import { isIP } from 'node:net';
import { validationFailed } from '../http/problem.exception';

/**
 * Refuses, at submission, a webhook URL whose host is plainly not public: a private,
 * loopback or otherwise reserved address written out (any IPv4 spelling: the URL
 * parser writes hex, octal and trailing-dot forms as dotted decimal) or `localhost`.
 * A name that merely resolves to such an address is refused when the delivery
 * connects (the same connect-time check as downloads). FETCH_ALLOW_PRIVATE lifts both.
 */
export function assertPublicWebhook(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const reason = host === 'localhost' || host.endsWith('.localhost') ? 'loopback' : isIP(host) ? refusalReason(host) : null;
  if (reason) {
    throw validationFailed([{ field: 'webhook.url', message: `webhook.url points at a ${reason} address, which webhooks may not reach` }]);
  }
}
