import { Injectable } from '@nestjs/common';
import { setMaxListeners } from 'node:events';

/**
 * Aborted when a graceful shutdown runs out of time: in-flight downloads and
 * conversions stop at once and their jobs are left for another worker.
 */
@Injectable()
export class ShutdownSignal {
  private readonly controller = new AbortController();

  constructor() {
    // Every running job listens (download and conversion): more than Node's default
    // of 10 is expected, not a leak.
    setMaxListeners(0, this.controller.signal);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(): void {
    this.controller.abort(new Error('The worker is shutting down'));
  }
}
