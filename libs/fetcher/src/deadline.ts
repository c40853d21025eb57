/**
 * One AbortSignal for the whole download: it fires when the total time budget runs out
 * or when the caller's signal fires, and its `reason` is the failure to report, built at
 * that moment (so it can name the host of the hop in progress).
 */
export interface Deadline {
  readonly signal: AbortSignal;
  dispose(): void;
}

export function startDeadline(
  timeoutMs: number,
  external: AbortSignal | undefined,
  failures: { timedOut: () => Error; cancelled: () => Error },
): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(failures.timedOut()), timeoutMs);
  const onExternalAbort = () => controller.abort(failures.cancelled());
  if (external?.aborted) onExternalAbort();
  else external?.addEventListener('abort', onExternalAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    },
  };
}
