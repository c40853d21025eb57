import { QueueName } from '@docformat/contracts';
import { QueueKeys } from 'bullmq';

/** Every BullMQ queue the apps use (the queue dashboard shows each of them). */
export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);

/** Where BullMQ keeps a queue's entries by state, for tools outside the apps that read Redis directly (autoscalers). */
export interface QueueStateKeys {
  /** A list: entries added without a priority. */
  wait: string;
  /** A sorted set: waiting entries that carry a priority. Conversions always do (fair-priority.ts), so they wait here. */
  prioritized: string;
  /** A list: entries a worker holds right now. */
  active: string;
}

/**
 * The Redis keys of `queue` under `prefix` (QUEUE_PREFIX), named by BullMQ's own
 * QueueKeys so that a BullMQ upgrade that renamed them would fail the tests that use
 * this (deploy/: the Kubernetes autoscaler's keys) instead of quietly scaling on nothing.
 */
export function queueStateKeys(prefix: string, queue: QueueName): QueueStateKeys {
  const keys = new QueueKeys(prefix).getKeys(queue);
  return { wait: required(keys, 'wait'), prioritized: required(keys, 'prioritized'), active: required(keys, 'active') };
}

function required(keys: Record<string, string>, state: string): string {
  const key = keys[state];
  if (key === undefined) throw new Error(`BullMQ has no "${state}" key any more`);
  return key;
}
