export * from './database-url';
export * from './ensure-database';
export * from './jobs/job.repository';
export * from './migrations/migration-files';
export * from './migrations/migration-runner';
export * from './prisma-client';
export * from './tokens/api-token.repository';
export * from './tokens/token-secret';
