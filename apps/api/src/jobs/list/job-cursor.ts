import { isUuid } from '@docformat/contracts';
import { validationFailed } from '../../http/problem.exception';

export interface JobPosition {
  createdAt: Date;
  id: string;
}

/**
 * `nextCursor` of GET /jobs: where the last job of a page sits in the order
 * (createdAt, id), opaque to clients (base64url of `<ISO time>|<id>`), so the next page
 * starts exactly below it whatever was inserted meanwhile.
 */
export function encodeCursor(position: JobPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** A cursor this API gave out → its position; anything else is a 400 naming `cursor`. */
export function decodeCursor(cursor: string): JobPosition {
  const [time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time);
  if (rest.length > 0 || !isUuid(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time) {
    throw validationFailed([{ field: 'cursor', message: 'cursor must be a nextCursor value from an earlier page of GET /jobs' }]);
  }
  return { createdAt, id };
}
