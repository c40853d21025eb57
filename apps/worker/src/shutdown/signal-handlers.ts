import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from '@nestjs/common';

/** Beyond the grace period, how long closing connections may take before we give up. */
const CLOSE_MARGIN_MS = 15_000;

/**
 * SIGTERM/SIGINT: stop taking jobs, let running ones finish within the grace period
 * (ConversionConsumer), close the pool, Redis and Postgres, exit 0. A second signal,
 * or a close that hangs past the margin, exits at once: a job cut off that way is
 * recovered by BullMQ's stalled-job detection or the sweep.
 */
export function installSignalHandlers(app: INestApplicationContext, graceMs: number): void {
  const logger = new Logger('shutdown');
  let stopping = false;

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn({ event: 'worker.shutdown_forced', signal });
      process.exit(1);
    }
    stopping = true;
    logger.log({ event: 'worker.shutdown_started', signal, graceMs });
    const backstop = setTimeout(() => {
      logger.error({ event: 'worker.shutdown_hung', graceMs });
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS);
    backstop.unref();
    app.close().then(
      () => {
        clearTimeout(backstop);
        logger.log({ event: 'worker.shutdown_completed' });
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ event: 'worker.shutdown_failed', err: error });
        process.exit(1);
      },
    );
  };

  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
