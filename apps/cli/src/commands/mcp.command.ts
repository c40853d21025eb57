import type { DocformatClient } from '@docformat/client';
import { createDocformatMcpServer } from '@docformat/mcp';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { EXIT_OK } from '../failure';
import type { Io } from '../io';
import { clientBackend } from '../mcp/client.backend';

/**
 * `docformat mcp`: the MCP server on stdin and stdout, for an agent that starts it
 * (Claude Desktop, an IDE); its tools call the API at DOCFORMAT_URL with DOCFORMAT_TOKEN.
 * stdout carries the protocol alone; anything unexpected goes to stderr. Ends with stdin.
 */
export async function mcpCommand(
  client: DocformatClient,
  io: Io,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = { stdin: process.stdin, stdout: process.stdout },
): Promise<number> {
  const backend = clientBackend(client, (error) =>
    io.stderr(`docformat mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  );
  const server = createDocformatMcpServer(backend);
  const ended = new Promise<void>((resolve) => {
    streams.stdin.once('end', resolve);
    streams.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(streams.stdin as never, streams.stdout as never));
  await ended;
  await server.close();
  return EXIT_OK;
}
