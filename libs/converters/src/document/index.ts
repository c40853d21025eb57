export * from './intermediate-document';
export * from './inline-text';
export * from './normalize-inline';
export * from './title-heading';
export * from './clean-text';
