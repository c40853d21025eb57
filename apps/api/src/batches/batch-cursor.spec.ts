import { ProblemException } from '../http/problem.exception';
import { decodeBatchCursor, encodeBatchCursor } from './batch-cursor';

describe('batch cursor', () => {
  it('gives back the position it was made from', () => {
    expect(decodeBatchCursor(encodeBatchCursor(0))).toBe(0);
    expect(decodeBatchCursor(encodeBatchCursor(999))).toBe(999);
  });

  it.each(['', 'abc', Buffer.from('b-1').toString('base64url'), Buffer.from('b01').toString('base64url')])(
    'refuses %p with a 400 naming cursor',
    (cursor) => {
      expect(() => decodeBatchCursor(cursor)).toThrow(ProblemException);
    },
  );
});
