// @docformat/mcp: docformat's MCP tools, written once against DocformatBackend and
// served by the API (POST /mcp, in-process) and the CLI (`docformat mcp`, over HTTP).
export * from './backend';
export * from './docformat-mcp-server';
export { ToolInputError } from './tool-result';
export { MAX_WAIT_SECONDS } from './wait-for-job';
export type { ToolDefinition } from './tools/tool-definition';
