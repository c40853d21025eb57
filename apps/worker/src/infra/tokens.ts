/** Dependency-injection tokens for values that are not classes. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const PRISMA = Symbol('PRISMA');
/** Blocking connection for the BullMQ Worker (never fails a command while Redis is away). */
export const REDIS_CONSUMER = Symbol('REDIS_CONSUMER');
/** Fail-fast connection for the sweep's queue look-ups and re-enqueues. */
export const REDIS_PRODUCER = Symbol('REDIS_PRODUCER');
