export * from './job-error-code';
export * from './job-failure';
export * from './job-record';
export * from './job-status';
export * from './job-type';
export * from './problem-code';
export * from './queue';
export * from './uuid';
