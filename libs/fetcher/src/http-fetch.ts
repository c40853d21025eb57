import { isJobFailure } from '@docformat/contracts';
import { createHash } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createAddressPolicy, type AddressPolicy } from './address-policy';
import { readBody } from './body-reader';
import { startDeadline } from './deadline';
import {
  cancelled,
  downloadFailed,
  httpStatusFailure,
  literalRefused,
  networkFailure,
  timedOut,
  tooManyRedirects,
  urlNotAllowed,
} from './failures';
import type { FetchedDocument, FetchOptions } from './fetch-types';
import { fileNameFromContentDisposition, fileNameFromUrl } from './file-name';
import { bareAddress } from './ip-address';
import { createPinnedLookup, systemResolve } from './pinned-lookup';
import { DEFAULT_USER_AGENT } from './user-agent';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
export const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function checkScheme(url: URL, context: string): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw urlNotAllowed(`${context} uses ${url.protocol.slice(0, 24)} but only http and https URLs may be fetched`);
  }
  // Credentials would end up in logs and job records; origins needing them are out of scope.
  if (url.username || url.password) throw urlNotAllowed(`${context} contains a user name or password, which is not supported`);
  return url;
}

function parseStartUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlNotAllowed('The document URL is not a valid URL');
  }
  return checkScheme(url, 'The document URL');
}

function parseRedirect(location: string, from: URL): URL {
  let url: URL;
  try {
    url = new URL(location, from);
  } catch {
    throw downloadFailed(`The server at ${from.host} redirected to an invalid URL`, false);
  }
  return checkScheme(url, `The redirect from ${from.host}`);
}

/** Node connects to an IP literal without calling `lookup`, so literals are judged here. */
export function checkLiteral(url: URL, policy: AddressPolicy): void {
  const address = bareAddress(url.hostname);
  if (!isIP(address)) return;
  const reason = policy(address);
  if (reason) throw literalRefused(address, reason);
}

export interface HopContext {
  readonly lookup: LookupFunction;
  readonly userAgent: string;
  readonly connectTimeoutMs: number;
  readonly signal: AbortSignal;
}

/** What a hop sends: a GET by default, or a body with its headers (a webhook's POST). */
export interface HopRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
}

/** Sends one request and resolves with the response head; the response body is left unread. */
export function requestHop(url: URL, context: HopContext, sent: HopRequest = { method: 'GET' }): Promise<http.IncomingMessage> {
  const hostname = bareAddress(url.hostname);
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: sent.method,
      headers: {
        'user-agent': context.userAgent,
        accept: '*/*',
        ...(sent.method === 'GET' ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
        ...sent.headers,
        ...(sent.body ? { 'content-length': String(sent.body.length) } : {}),
      },
      // A fresh agent per hop: no pooled socket can carry a connection checked for another host.
      agent: false,
      lookup: context.lookup,
    });
    const onAbort = () => request.destroy(context.signal.reason);
    context.signal.addEventListener('abort', onAbort, { once: true });

    request.once('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => request.destroy(timedOut(url.host, context.connectTimeoutMs)), context.connectTimeoutMs);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
    });
    request.once('response', (response) => {
      context.signal.removeEventListener('abort', onAbort);
      resolve(response);
    });
    // Kept for the request's lifetime: a late socket error must not go unhandled; once
    // the response is out, the body reader sees the failure instead.
    request.on('error', (error) => {
      context.signal.removeEventListener('abort', onAbort);
      reject(networkFailure(hostname, url.host, error));
    });
    if (context.signal.aborted) onAbort();
    request.end(sent.body);
  });
}

function validate(options: FetchOptions): void {
  const positive = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!positive(options.maxBytes)) throw new TypeError('fetchDocument: maxBytes must be a positive number');
  if (!positive(options.timeoutMs)) throw new TypeError('fetchDocument: timeoutMs must be a positive number');
}

function describe(url: URL, response: http.IncomingMessage, bytes: Buffer): FetchedDocument {
  const contentType = response.headers['content-type'] ?? null;
  const fileName = fileNameFromContentDisposition(response.headers['content-disposition']) ?? fileNameFromUrl(url.href);
  return {
    finalUrl: url.href,
    bytes,
    contentType,
    byteLength: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fileName,
  };
}

/**
 * Downloads a document from a user-supplied URL without letting the URL reach private
 * infrastructure: every connection is pinned to an address checked at connect time,
 * redirects are followed by hand (each hop checked again), and size and time are
 * capped. Every failure is a JobFailure.
 */
export async function fetchDocument(url: string, options: FetchOptions): Promise<FetchedDocument> {
  validate(options);
  const policy = createAddressPolicy(options);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = parseStartUrl(url);
  const deadline = startDeadline(options.timeoutMs, options.signal, {
    timedOut: () => timedOut(current.host, options.timeoutMs),
    cancelled: () => cancelled(current.host),
  });
  const context: HopContext = {
    lookup: createPinnedLookup(options.lookup ?? systemResolve, policy),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(options.timeoutMs, DEFAULT_CONNECT_TIMEOUT_MS),
    signal: deadline.signal,
  };

  try {
    for (let redirects = 0; ; redirects++) {
      checkLiteral(current, policy);
      const response = await requestHop(current, context);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw downloadFailed(`The server at ${current.host} answered ${status} without a Location`, false);
        if (redirects >= maxRedirects) throw tooManyRedirects(current.host, maxRedirects);
        current = parseRedirect(location, current);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw httpStatusFailure(current.host, status, http.STATUS_CODES[status]);
      }
      const bytes = await readBody(response, { maxBytes: options.maxBytes, host: current.host, signal: deadline.signal });
      return describe(current, response, bytes);
    }
  } catch (error) {
    // Whatever broke because the deadline fired, the deadline is the story to tell.
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw isJobFailure(error) ? error : networkFailure(bareAddress(current.hostname), current.host, error);
  } finally {
    deadline.dispose();
  }
}
