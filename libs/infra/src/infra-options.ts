/** What differs between the processes that share InfraModule. */
export interface InfraOptions {
  /** Postgres connections in this process's pool; 10 when absent. */
  databasePoolSize?: number;
  /** Collect enqueues made close together into one `addBulk` (ENQUEUE_BATCH_MAX): the API under load. */
  batchEnqueues?: boolean;
  /** Open the blocking Redis connection a queue consumer needs (REDIS_CONSUMER): the worker. */
  consumer?: boolean;
  /**
   * At start-up, wait until Redis answers to check the queue prefix (a worker can do
   * nothing without Redis), instead of starting anyway (the API answers 503 meanwhile).
   */
  waitForRedis?: boolean;
  /** Listen for job events (LISTEN/NOTIFY on a connection of its own): long-polls in the API, cancellation in the worker. */
  jobEvents?: boolean;
}

/** The InfraOptions a process registered InfraModule with. */
export const INFRA_OPTIONS = Symbol('INFRA_OPTIONS');
