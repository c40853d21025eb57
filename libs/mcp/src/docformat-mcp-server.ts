import { ProblemCode } from '@docformat/contracts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DocformatBackend, ToolProblem } from './backend';
import { problemResult, ToolInputError } from './tool-result';
import { convertDocumentTool } from './tools/convert-document.tool';
import { extractDocumentTool } from './tools/extract-document.tool';
import { getJobTool } from './tools/get-job.tool';
import { listJobsTool } from './tools/list-jobs.tool';
import type { ToolDefinition } from './tools/tool-definition';

export const SERVER_INFO = { name: 'docformat', version: '1.0.0' };

const INSTRUCTIONS =
  'docformat converts documents (PDF, office files, HTML, e-mail, images by OCR…) into markdown, text, html, a json tree or ' +
  'retrieval chunks. convert_document does it in one call; when it answers with a job id instead of outputs (a long ' +
  'document), call get_job with that id and waitSeconds 60 until it is COMPLETED. Errors come back as CODE: detail.';

/** Every tool, for a service with these output formats. */
export function docformatTools(formatNames: readonly string[]): ToolDefinition[] {
  return [convertDocumentTool(formatNames), getJobTool, listJobsTool, extractDocumentTool] as unknown as ToolDefinition[];
}

/**
 * The docformat MCP server over `backend`: the four tools, whichever transport it is
 * connected to (Streamable HTTP in the API, stdio in the CLI). A tool never throws: an
 * error is a tool result with isError and the API's problem code, so the model reads
 * it and the connection lives on.
 */
export function createDocformatMcpServer(backend: DocformatBackend): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const tool of docformatTools(backend.formatNames)) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      (args: unknown, extra: { signal: AbortSignal }): Promise<CallToolResult> =>
        tool.run(args as never, { backend, signal: extra.signal }).catch((error: unknown) => problemResult(problemOf(error, backend))),
    );
  }
  return server;
}

function problemOf(error: unknown, backend: DocformatBackend): ToolProblem {
  if (error instanceof ToolInputError) return error.problem;
  return (
    backend.problemOf(error) ?? {
      code: ProblemCode.INTERNAL_ERROR,
      detail: 'The server failed to carry out this call. It has been logged; please try again later.',
      status: 500,
    }
  );
}
