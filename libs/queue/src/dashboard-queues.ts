import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ALL_QUEUES } from './queue-keys';

/** Every queue of the apps opened for an operator's dashboard, and how to close them again. */
export interface DashboardQueues {
  queues: Queue[];
  close(): Promise<void>;
}

/**
 * Opens one BullMQ Queue per queue the apps use, on the caller's connection (BullMQ
 * leaves a connection it was given open when the queue closes). The dashboard gets
 * queues of its own rather than JobQueue's, which stays the only producer.
 */
export function openDashboardQueues(connection: Redis, prefix: string): DashboardQueues {
  const queues = ALL_QUEUES.map((name) => {
    const queue = new Queue(name, { connection, prefix });
    // Without a listener an 'error' event would end the process; the dashboard shows the failure instead.
    queue.on('error', () => undefined);
    return queue;
  });
  return { queues, close: async () => void (await Promise.all(queues.map((queue) => queue.close()))) };
}
