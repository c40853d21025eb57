import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry of the process's own, never prom-client's global one: tests boot several
 * apps in one process, and each must report only what it did. Node's process
 * metrics (CPU, memory, event-loop lag, GC, handles) are collected on it.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
