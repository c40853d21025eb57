import type { ApiClient } from '@docformat/db';
import { outputFormatNames } from '@docformat/converters/names';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { ProblemDto } from '../../http/problem.dto';
import { JobFormatsService } from './job-formats.service';

/**
 * An HTML output served from the API's own origin may be opened by a browser: it
 * may run nothing and load nothing (the page carries the same policy as a meta element).
 */
const HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'none'; base-uri 'none'; sandbox";

@ClientApi('jobs')
@Controller()
export class JobFormatsController {
  constructor(private readonly formats: JobFormatsService) {}

  @Get('job/:id/formats/:name')
  @ApiOperation({
    summary:
      "One output of a COMPLETED job, raw, with the format's media type (so `curl … > out.md` works). An output the job stored is " +
      'returned as stored; any other format, or other options, is rendered from the stored document tree (no new download or parse) ' +
      'and cached, so the same request is answered from the cache next time. The header Docformat-Output says which: stored, cached or rendered.',
  })
  @ApiParam({ name: 'name', enum: [...outputFormatNames()], description: 'The output format.' })
  @ApiQuery({
    name: 'pageMarkers',
    required: false,
    schema: { type: 'boolean' },
    description: "text and markdown: mark where pages start. Default: the job's format.pageMarkers, else false.",
  })
  @ApiQuery({
    name: 'tables',
    required: false,
    schema: { type: 'string', enum: ['markdown', 'html'] },
    description:
      "markdown: tables with merged cells or several header rows as pipe tables or as HTML. Default: the job's format.tables, else markdown.",
  })
  @ApiQuery({
    name: 'images',
    required: false,
    schema: { type: 'string', enum: ['placeholder', 'referenced', 'embedded'] },
    description:
      "text, markdown, html and json: the document's pictures as placeholders, signed links or data: URIs (format.images). Default: the job's format.images, else placeholder.",
  })
  @ApiQuery({
    name: 'maxTokens',
    required: false,
    schema: { type: 'integer', minimum: 16, maximum: 8192 },
    description: "chunks: the largest chunk in tokens. Default: the job's format.chunking, else 512.",
  })
  @ApiQuery({
    name: 'overlapTokens',
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description: 'chunks: tokens a chunk repeats of the one before, at most half of maxTokens. Default 0.',
  })
  @ApiQuery({
    name: 'strategy',
    required: false,
    schema: { type: 'string', enum: ['heading', 'size'] },
    description: 'chunks: cut at headings, or pack by size. Default heading.',
  })
  @ApiProduces('text/markdown', 'text/plain', 'text/html', 'application/json')
  @ApiOkResponse({
    description:
      'The output: text/markdown, text/plain or text/html (charset=utf-8), or application/json (json: /schemas/document.json; chunks: an array of chunks).',
    content: {
      'text/markdown': { schema: { type: 'string' } },
      'text/plain': { schema: { type: 'string' } },
      'text/html': { schema: { type: 'string' } },
      'application/json': { schema: { oneOf: [{ $ref: '/schemas/document.json' }, { type: 'array', items: { type: 'object' } }] } },
    },
  })
  @ApiBadRequestResponse({
    type: ProblemDto,
    description: 'A query parameter the format does not take, given twice, or with a wrong value (named in errors).',
  })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown job, a job of another client, or an unknown format name.' })
  @ApiConflictResponse({
    type: ProblemDto,
    description:
      'JOB_NOT_COMPLETED: the job is CREATED, IN_PROGRESS or FAILED. DOCUMENT_NOT_STORED: the job completed before document trees were stored, and this format or these options are not among what it rendered.',
  })
  @ApiServiceUnavailableResponse({
    type: ProblemDto,
    description: 'RENDER_UNAVAILABLE: every rendering thread busy (Retry-After), or the rendering took longer than RENDER_TIMEOUT_MS.',
  })
  async output(
    @CurrentClient() client: ApiClient,
    @Param('id') id: string,
    @Param('name') name: string,
    @Query() query: Record<string, unknown>,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const output = await this.formats.output(client, id, name, query);
    res.header('Content-Type', output.mediaType).header('Docformat-Output', output.source);
    if (output.mediaType.startsWith('text/html')) res.header('Content-Security-Policy', HTML_POLICY);
    await res.status(200).send(output.body);
  }
}
