export * from './test-environment';
export * from './free-port';
