export * from './job-queue';
export * from './redis-connection';
export * from './with-timeout';
