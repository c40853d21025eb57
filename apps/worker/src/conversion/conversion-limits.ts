import { setMaxListeners } from 'node:events';
import { InterruptedError } from '../shutdown/interrupted.error';
import { conversionOutOfMemory, conversionTimeout, isOutOfMemory } from './thread-failure';

/**
 * One conversion's limits, shared by every task it runs (one, or the parts of a split
 * PDF): a time limit for all of them together and the caller's (long-lived) shutdown
 * signal, both fed into one abort signal. Aborting a running piscina task terminates
 * its thread, the only way to stop a parser stuck in a loop; a task still queued is
 * dropped.
 */
export class ConversionLimits {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private timedOut = false;
  private readonly onCallerAbort = () => this.controller.abort();

  constructor(
    private readonly limits: { timeoutMs: number; maxMemoryMb: number },
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, limits.timeoutMs);
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    // piscina listens once per task: a split PDF's parts are many tasks on one signal.
    setMaxListeners(0, this.controller.signal);
  }

  /** For every task of the conversion. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops every task of the conversion, running or queued. */
  abort(): void {
    this.controller.abort();
  }

  /**
   * What a task's rejection means for the conversion: the caller's shutdown
   * (InterruptedError), the time limit, a thread out of memory (FILE_TOO_LARGE), or
   * whatever it was (a crashed thread).
   */
  failure(error: unknown): unknown {
    if (this.caller?.aborted) return new InterruptedError('The conversion');
    if (this.timedOut) return conversionTimeout(this.limits.timeoutMs);
    if (isOutOfMemory(error)) return conversionOutOfMemory(this.limits.maxMemoryMb);
    return error;
  }

  /** The conversion is over: the timer and the listener on the caller's signal go. */
  end(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
