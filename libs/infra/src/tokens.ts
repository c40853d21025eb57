/** Dependency-injection tokens for values that are not classes, one set for both apps. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const PRISMA = Symbol('PRISMA');
/** The fail-fast Redis connection: enqueueing, queue look-ups, the prefix check, health. */
export const REDIS = Symbol('REDIS');
/** The blocking connection for the queue consumer (never fails a command while Redis is away); the worker only. */
export const REDIS_CONSUMER = Symbol('REDIS_CONSUMER');
