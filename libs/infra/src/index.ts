export * from './infra.module';
export * from './infra-options';
export * from './queue-prefix.guard';
export * from './tokens';
export * from './webhook-dispatch';
