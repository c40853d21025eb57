// @docformat/client: a typed client of the docformat API, generated from its OpenAPI
// document (src/generated, `npm run client:generate`) with a thin hand-written layer.
// It depends on openapi-fetch alone, no other lib of this repository, so it can be published.
export * from './docformat-client';
export * from './document-input';
export * from './errors';
export * from './retry';
export * from './types';
export type { components, paths } from './generated/openapi';
