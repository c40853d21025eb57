import type { ResolveHost } from './pinned-lookup';

export interface FetchOptions {
  /** Largest body accepted, counted after decompression. */
  maxBytes: number;
  /** Budget for the whole download: every redirect hop, headers and body. */
  timeoutMs: number;
  /** Lifts the private/loopback address check (local development and tests only). */
  allowPrivate: boolean;
  /** Budget for resolving and connecting one hop; defaults to min(timeoutMs, 10 s). */
  connectTimeoutMs?: number;
  /** Defaults to DEFAULT_USER_AGENT. */
  userAgent?: string;
  /** Aborting it fails the download with a transient DOWNLOAD_FAILED. */
  signal?: AbortSignal;
  /** Replaces DNS resolution (tests; custom resolvers). Every address it returns is checked. */
  lookup?: ResolveHost;
  /**
   * An allow-list consulted before the built-in address ranges: returning true lets an
   * otherwise refused address through (e.g. an internal document store).
   */
  isAllowedAddress?: (address: string) => boolean;
  /** Redirects followed before giving up; defaults to 5. */
  maxRedirects?: number;
}

export interface FetchedDocument {
  /** The URL the document was finally served from, after redirects. */
  finalUrl: string;
  /** The body, decompressed. */
  bytes: Buffer;
  /**
   * The raw Content-Type header, if any: what the origin claims. What the document
   * really is, is for @docformat/file-types to tell; the fetcher knows no document types.
   */
  contentType: string | null;
  byteLength: number;
  /** SHA-256 of `bytes`, lowercase hex. */
  sha256: string;
  /** From Content-Disposition, else the last segment of the final URL's path. */
  fileName: string | null;
}
