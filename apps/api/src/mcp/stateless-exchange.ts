import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { IncomingHttpHeaders } from 'node:http';

/** Request headers the transport has no use for (the body is parsed already), or must not see (the token). */
const DROPPED = new Set(['authorization', 'connection', 'content-length', 'keep-alive', 'transfer-encoding', 'upgrade']);

/**
 * One POST /mcp, stateless (the Streamable HTTP transport without sessions): a server
 * and a transport of its own for this request alone, answered with JSON rather than an
 * event stream. So any API process can answer any request (no session to route to or
 * lose in a restart), and the answer to a tools/call is one JSON body, as curl shows it.
 * Answers the transport's Web Response, or undefined when `gone` aborts first (the
 * client hung up; closing the server then aborts the tool still running).
 */
export async function statelessExchange(
  server: McpServer,
  request: { url: string; headers: IncomingHttpHeaders; body: unknown },
  gone: AbortSignal,
): Promise<Response | undefined> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const hungUp = new Promise<undefined>((resolve) => {
    if (gone.aborted) resolve(undefined);
    else gone.addEventListener('abort', () => resolve(undefined), { once: true });
  });
  try {
    const web = new Request(new URL(request.url, 'http://mcp.invalid'), { method: 'POST', headers: webHeaders(request.headers) });
    return await Promise.race([transport.handleRequest(web, { parsedBody: request.body }), hungUp]);
  } finally {
    await server.close();
  }
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) web.append(name, one);
  }
  return web;
}
