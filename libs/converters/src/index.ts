export * from './formats/registry';
