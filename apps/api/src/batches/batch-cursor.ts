import { validationFailed } from '../http/problem.exception';

/**
 * `nextCursor` of GET /batches/{id}: the position of the last job of a page among the
 * batch's files, opaque to clients (base64url of `b<position>`).
 */
export function encodeBatchCursor(position: number): string {
  return Buffer.from(`b${position}`, 'utf8').toString('base64url');
}

/** A cursor this API gave out → its position; anything else is a 400 naming `cursor`. */
export function decodeBatchCursor(cursor: string): number {
  const match = /^b(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || encodeBatchCursor(Number(match[1])) !== cursor) {
    throw validationFailed([{ field: 'cursor', message: 'cursor must be a nextCursor value from an earlier page of this batch' }]);
  }
  return Number(match[1]);
}
