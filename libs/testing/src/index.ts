export * from './test-environment';
export * from './free-port';
export * from './wait';
export * from './run-script';
export * from './process-rss';
