import { ProblemException } from '../../http/problem.exception';
import { parseWaitSeconds } from './wait-seconds';

describe('parseWaitSeconds', () => {
  it('reads whole seconds from 0 to 60, absent or empty as 0', () => {
    expect(parseWaitSeconds(undefined)).toBe(0);
    expect(parseWaitSeconds('')).toBe(0);
    expect(parseWaitSeconds('0')).toBe(0);
    expect(parseWaitSeconds('25')).toBe(25);
    expect(parseWaitSeconds('60')).toBe(60);
    expect(parseWaitSeconds(['5', '7'])).toBe(7);
  });

  it.each(['61', '-1', '1.5', 'soon', '1e2', '99999'])('refuses %s with a 400 naming the field', (raw) => {
    let thrown: unknown;
    try {
      parseWaitSeconds(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemException);
    expect((thrown as ProblemException).problem).toMatchObject({ status: 400, errors: [{ field: 'wait' }] });
  });
});
