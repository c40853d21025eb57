import { runSource } from './run-source';

/** The API's OpenAPI document, as JSON. */
export type OpenApiDocument = Record<string, unknown>;

/**
 * The document the client is generated from: by default built from the API's sources
 * without a server (apps/api/src/cli/openapi.ts), so generating needs no Postgres or
 * Redis; or, given a base URL, what that running API serves at /openapi.json.
 */
export async function loadOpenApiDocument(apiUrl?: string): Promise<OpenApiDocument> {
  if (apiUrl) {
    const response = await fetch(new URL('/openapi.json', apiUrl));
    if (!response.ok) throw new Error(`${apiUrl}/openapi.json answered ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  }
  return JSON.parse(await runSource('apps/api/src/cli/openapi.ts')) as OpenApiDocument;
}
