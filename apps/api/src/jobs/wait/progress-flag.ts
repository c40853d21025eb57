import { validationFailed } from '../../http/problem.exception';

const VALUES = new Map<unknown, boolean>([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

/**
 * `?progress=` of a long-poll → whether its progress ends the wait (false when absent):
 * `1` or `true`, `0` or `false`; anything else is a 400 that says so. Given twice, the last counts (as `wait`).
 */
export function parseProgressFlag(raw: unknown): boolean {
  if (raw === undefined || raw === '') return false;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const value = VALUES.get(text);
  if (value === undefined) {
    throw validationFailed([{ field: 'progress', message: `progress must be 1, true, 0 or false (got ${JSON.stringify(text)})` }]);
  }
  return value;
}
