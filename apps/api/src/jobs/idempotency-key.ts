import { validationFailed } from '../http/problem.exception';

/** Longest key taken: UUIDs and request ids fit many times over. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * The Idempotency-Key header → the key, or undefined without one. A key is 1 to 255
 * visible ASCII characters (as the IETF draft and the providers that use it expect);
 * anything else is a 400 naming the header rather than a key quietly ignored.
 */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw validationFailed([
      {
        field: 'Idempotency-Key',
        message: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, such as a UUID`,
      },
    ]);
  }
  return key;
}
