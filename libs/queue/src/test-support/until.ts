/**
 * For this lib's specs against real Redis: polls `condition` every 50 ms until it holds or
 * `timeoutMs` passes (the spec's expectations then say what did not happen). The lib may
 * depend on contracts only, so it cannot use @docformat/testing's waitFor.
 */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && !(await condition());)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
