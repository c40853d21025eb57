import schema from './document.schema.json';

/**
 * The JSON Schema (draft 2020-12) of the json format's output, for the API to serve
 * and reference from its OpenAPI document: this module loads no renderer or reader,
 * so it is exported from the names-only entry point.
 */
export const documentSchema: Readonly<Record<string, unknown>> = schema;

/** Where the API serves it. */
export const DOCUMENT_SCHEMA_PATH = '/schemas/document.json';
