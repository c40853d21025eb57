export * from './async-stdout';
export * from './logger';
