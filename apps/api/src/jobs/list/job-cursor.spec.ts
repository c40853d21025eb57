import { ProblemException } from '../../http/problem.exception';
import { decodeCursor, encodeCursor } from './job-cursor';

describe('job list cursor', () => {
  it('round-trips a position to the millisecond', () => {
    const position = { createdAt: new Date('2026-11-24T10:11:12.345Z'), id: '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    '',
    'garbage',
    Buffer.from('2026-11-24T10:11:12.345Z|not-a-uuid').toString('base64url'),
    Buffer.from('yesterday|7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11').toString('base64url'),
  ])('refuses %p with a 400 on cursor', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ProblemException);
  });
});
