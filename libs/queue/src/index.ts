export * from './add-batcher';
export * from './job-queue';
export * from './lost-queue-entry';
export * from './queue-consumer';
export * from './queue-owner';
export * from './redis-connection';
export * from './with-timeout';
export * from './webhook-queue';
