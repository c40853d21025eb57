import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How outputs link a job's stored pictures. A renderer cannot know the URL (the job id,
 * the signature and its expiry are not the conversion's business, and a signature
 * written into a stored or cached output would go stale), so it writes a token,
 * `docformat-image:<n>`, where the link goes; whoever hands the output out resolves
 * the tokens at that moment: the API to signed URLs, the bundle to `images/<n>.<ext>`,
 * the conversion itself to `data:` URIs for format.images embedded. See
 * docs/adr/0019-document-images.md.
 */
const TOKEN_PREFIX = 'docformat-image:';
const TOKEN = /docformat-image:(\d{1,6})(?!\d)/g;

export function imageToken(n: number): string {
  return `${TOKEN_PREFIX}${n}`;
}

/** Every token in `body` whose number `link` knows, replaced by its link; the others stay as they are. */
export function resolveImageLinks(body: string, link: (n: number) => string | undefined): string {
  if (!body.includes(TOKEN_PREFIX)) return body;
  return body.replace(TOKEN, (token, n: string) => link(Number(n)) ?? token);
}

/** A JSON value (a job's record, a JSON output) with its tokens resolved by `link`; the value itself when it links none. */
export function resolveImageLinksIn<T>(value: T, link: (n: number) => string | undefined): T {
  const text = JSON.stringify(value);
  return text.includes(TOKEN_PREFIX) ? (JSON.parse(resolveImageLinks(text, link)) as T) : value;
}

/** The numbers of the images an output links. */
export function linkedImages(body: string): number[] {
  return [...new Set([...body.matchAll(TOKEN)].map((match) => Number(match[1])))];
}

/** The query parameters of a signed image URL. */
export const ImageUrlParameter = { EXPIRES: 'expires', SIGNATURE: 'signature' } as const;

function imageHmac(secret: string, jobId: string, n: number, expires: number): string {
  return createHmac('sha256', secret).update(`image.${jobId}.${n}.${expires}`).digest('hex');
}

/**
 * GET /job/{id}/images/{n} with a signature that lets anyone holding the URL fetch that
 * one image until `expires` (unix seconds), without the bearer token: HMAC-SHA256 with
 * the client's webhook secret, as its webhooks are signed, so rotating that secret
 * revokes every such URL.
 */
export function signedImagePath(secret: string, jobId: string, n: number, expires: number): string {
  const { EXPIRES, SIGNATURE } = ImageUrlParameter;
  return `/job/${jobId}/images/${n}?${EXPIRES}=${expires}&${SIGNATURE}=${imageHmac(secret, jobId, n, expires)}`;
}

/**
 * The links handed out for one job's pictures now: signed URLs that expire `ttlSeconds`
 * after the current minute (answers within a minute give the same URLs, which browsers
 * and proxies can cache), on `publicUrl` when set, else paths.
 */
export function imageLinkSigner(
  secret: string,
  jobId: string,
  options: { ttlSeconds: number; publicUrl?: string; now?: number },
): (n: number) => string {
  const expires = Math.ceil((options.now ?? Date.now()) / 60_000) * 60 + options.ttlSeconds;
  return (n) => `${options.publicUrl ?? ''}${signedImagePath(secret, jobId, n, expires)}`;
}

/** Why a signed image URL is refused, or null when it holds. Compared in constant time. */
export function imageSignatureProblem(
  secret: string,
  url: { jobId: string; n: number; expires: string; signature: string },
  now = Date.now() / 1000,
): 'expired' | 'invalid' | null {
  const expires = /^\d{1,12}$/.test(url.expires) ? Number(url.expires) : NaN;
  if (!Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(url.signature)) return 'invalid';
  const expected = Buffer.from(imageHmac(secret, url.jobId, url.n, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(url.signature, 'hex'))) return 'invalid';
  return expires < now ? 'expired' : null;
}

/** A picture a job keeps of its document: its number in the outputs and its file. */
export interface DocumentImage {
  n: number;
  mediaType: string;
  width: number;
  height: number;
  /** The page it is on, for documents with pages. */
  page?: number;
  bytes: Uint8Array;
}

/** The file name extension of a stored image's media type, for bundles and downloads. */
export function imageExtension(mediaType: string): string {
  const subtype = mediaType.split('/')[1] ?? 'bin';
  return subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/g, '');
}
