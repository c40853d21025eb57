export * from './api-metrics';
export * from './exposition';
export * from './labels';
export * from './metric-names';
export * from './queue-depth-metrics';
export * from './registry';
export * from './scrape-auth';
export * from './worker-metrics';
