import { isJobFailure } from '@docformat/contracts';
import { createAddressPolicy } from './address-policy';
import { startDeadline } from './deadline';
import { cancelled, networkFailure, timedOut, urlNotAllowed } from './failures';
import { checkLiteral, checkScheme, requestHop } from './http-fetch';
import { bareAddress } from './ip-address';
import { createPinnedLookup, systemResolve, type ResolveHost } from './pinned-lookup';
import { DEFAULT_USER_AGENT } from './user-agent';

export interface PostOptions {
  /** Budget for connecting, sending and reading the answer's head. */
  timeoutMs: number;
  /** Lifts the private/loopback address check (local development and tests only). */
  allowPrivate: boolean;
  signal?: AbortSignal;
  /** Replaces DNS resolution (tests). Every address it returns is checked. */
  lookup?: ResolveHost;
  userAgent?: string;
}

/** What the receiver answered. Redirects are answers too: a POST is never sent on to another address. */
export interface PostAnswer {
  status: number;
}

/** Longest part of an answer read: receivers say 200 and little else, and nobody waits for more. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a body to a user-supplied URL (a webhook) with the checks a document download
 * gets: http(s) only, no credentials, every address checked at connect time (so DNS
 * rebinding cannot reach private infrastructure), a time budget. Resolves with the
 * status, whatever it is; the caller decides what counts as delivered. Throws a
 * JobFailure (URL_NOT_ALLOWED, DOWNLOAD_FAILED) when no answer could be had.
 */
export async function postBody(target: string, body: Buffer, headers: Record<string, string>, options: PostOptions): Promise<PostAnswer> {
  let url: URL;
  try {
    url = checkScheme(new URL(target), 'The webhook URL');
  } catch (error) {
    throw isJobFailure(error) ? error : urlNotAllowed('The webhook URL is not a valid URL');
  }
  const policy = createAddressPolicy(options);
  const deadline = startDeadline(options.timeoutMs, options.signal, {
    timedOut: () => timedOut(url.host, options.timeoutMs),
    cancelled: () => cancelled(url.host),
  });
  try {
    checkLiteral(url, policy);
    const response = await requestHop(
      url,
      {
        lookup: createPinnedLookup(options.lookup ?? systemResolve, policy),
        userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
        connectTimeoutMs: options.timeoutMs,
        signal: deadline.signal,
      },
      { method: 'POST', headers, body },
    );
    // Read (and drop) a little of the answer, so the connection closes cleanly.
    let read = 0;
    for await (const chunk of response) {
      read += (chunk as Buffer).length;
      if (read > MAX_ANSWER_BYTES) break;
    }
    response.destroy();
    return { status: response.statusCode ?? 0 };
  } catch (error) {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw isJobFailure(error) ? error : networkFailure(bareAddress(url.hostname), url.host, error);
  } finally {
    deadline.dispose();
  }
}
