export * from './test-environment';
