export * from './test-environment';
export * from './free-port';
export * from './wait';
export * from './run-script';
export * from './throwaway-database';
export * from './process-rss';
