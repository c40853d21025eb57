import { ProblemException } from '../../http/problem.exception';
import { parseProgressFlag } from './progress-flag';

/** The problem a refused value is answered with (undefined when it is accepted). */
function problemOf(raw: unknown): unknown {
  try {
    parseProgressFlag(raw);
    return undefined;
  } catch (error) {
    return error instanceof ProblemException ? error.problem : error;
  }
}

describe('parseProgressFlag', () => {
  it('reads 1, true, 0 and false, absent or empty as false', () => {
    expect(parseProgressFlag(undefined)).toBe(false);
    expect(parseProgressFlag('')).toBe(false);
    expect(parseProgressFlag('1')).toBe(true);
    expect(parseProgressFlag('true')).toBe(true);
    expect(parseProgressFlag('0')).toBe(false);
    expect(parseProgressFlag('false')).toBe(false);
    expect(parseProgressFlag(['0', '1'])).toBe(true);
  });

  it.each(['yes', 'TRUE', '2', 'on', ' 1', 'constructor'])('refuses %j with a 400 naming the field and the value', (raw) => {
    expect(problemOf(raw)).toMatchObject({
      status: 400,
      errors: [{ field: 'progress', message: `progress must be 1, true, 0 or false (got ${JSON.stringify(raw)})` }],
    });
  });
});
