import { ProblemCode } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { createDocformatMcpServer } from '@docformat/mcp';
import { Body, Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiExcludeEndpoint, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientApi } from '../auth/client-api.decorator';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProblemException } from '../http/problem.exception';
import { InProcessBackends } from './in-process.backend';
import { statelessExchange } from './stateless-exchange';

/** A JSON-RPC 2.0 request or notification (a notification has no id). */
const JSON_RPC_REQUEST = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    method: { type: 'string', example: 'tools/call' },
    params: { type: 'object', additionalProperties: true },
  },
};

/** A JSON-RPC 2.0 response: `result`, or `error` for a protocol error (a tool's own errors are results). */
const JSON_RPC_RESPONSE = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    id: { oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
    result: { type: 'object', additionalProperties: true },
    error: {
      type: 'object',
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

/**
 * The MCP server over Streamable HTTP (docs/api.md, "MCP server"): the tools of
 * @docformat/mcp on the services of this API, for the client whose bearer token came with
 * the request (the global guard answers 401 without one, as everywhere).
 */
@ClientApi('mcp')
@Controller('mcp')
export class McpController {
  constructor(private readonly backends: InProcessBackends) {}

  @Post()
  @ApiOperation({
    summary:
      'The Model Context Protocol (Streamable HTTP, stateless, JSON answers): one JSON-RPC message per request ' +
      '(initialize, tools/list, tools/call of convert_document, get_job, list_jobs or extract_document). ' +
      'Send Accept: application/json, text/event-stream.',
  })
  @ApiBody({ schema: JSON_RPC_REQUEST })
  @ApiOkResponse({
    description: 'The JSON-RPC response; a tool error is a result with isError and the problem code.',
    schema: JSON_RPC_RESPONSE,
  })
  @ApiAcceptedResponse({ description: 'A notification or a response from the client: nothing to answer.' })
  async post(
    @CurrentClient() client: ApiClient,
    @Req() req: FastifyRequest,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // 'close' before the answer is written means the client hung up: stop waiting for its tool.
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const server = createDocformatMcpServer(this.backends.forClient(client));
    const answer = await statelessExchange(server, { url: req.url, headers: req.headers, body }, gone.signal);
    if (!answer) return;
    reply.status(answer.status);
    answer.headers.forEach((value, name) => void reply.header(name, value));
    const text = await answer.text();
    await reply.send(text.length > 0 ? text : undefined);
  }

  /** No sessions, so no stream to open (GET) and none to end (DELETE): 405, as the transport's specification has it. */
  @Get()
  @ApiExcludeEndpoint()
  openStream(): never {
    throw statelessOnly();
  }

  @Delete()
  @ApiExcludeEndpoint()
  endSession(): never {
    throw statelessOnly();
  }
}

const statelessOnly = () =>
  new ProblemException({
    status: 405,
    code: ProblemCode.METHOD_NOT_ALLOWED,
    title: 'Method Not Allowed',
    detail: 'This MCP server is stateless: send each JSON-RPC message with POST /mcp.',
    headers: { Allow: 'POST' },
  });
