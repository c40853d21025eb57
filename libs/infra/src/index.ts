export * from './infra.module';
export * from './infra-options';
export * from './prisma-repository.provider';
export * from './queue-prefix.guard';
export * from './tokens';
export * from './webhook-dispatch';
