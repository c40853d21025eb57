export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Races a promise against a timer. The promise is not cancelled: its late result
 * (or error) is swallowed, which is what callers here want (a late enqueue is
 * harmless because the queue de-duplicates by job id).
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
