export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true or `timeoutMs` passes; false on time-out. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 200): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return true;
    await sleep(everyMs);
  }
  return false;
}
