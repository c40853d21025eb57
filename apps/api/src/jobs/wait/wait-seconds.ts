import { validationFailed } from '../../http/problem.exception';

/** The longest a poll may wait for its job to finish: proxies and clients commonly cut idle requests at 60-100 s. */
export const MAX_WAIT_SECONDS = 60;

/** `?wait=N` → seconds (0 when absent); anything but a whole number from 0 to 60 is a 400 that says so. */
export function parseWaitSeconds(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const value = typeof text === 'string' && /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value > MAX_WAIT_SECONDS) {
    throw validationFailed([{ field: 'wait', message: `wait must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}` }]);
  }
  return value;
}
