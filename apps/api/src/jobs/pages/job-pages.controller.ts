import { PAGE_IMAGE_DPI, PAGE_IMAGE_FORMATS } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
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
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { ProblemDto } from '../../http/problem.dto';
import { JobPagesService } from './job-pages.service';

/** A job's page images never change (they are drawn from the bytes it converted): a client may keep them. */
const CACHE_CONTROL = 'private, max-age=3600';

@ClientApi('jobs')
@Controller()
export class JobPagesController {
  constructor(private readonly pages: JobPagesService) {}

  @Get('job/:id/pages/:n')
  @ApiOperation({
    summary:
      'One page of a COMPLETED job drawn as an image, from the PDF or PNG/JPEG source the job kept (never fetched again): ' +
      'a PDF page as pdf.js draws it, an image as its one page. Drawn in a rendering thread and cached per page, dpi and format; ' +
      'the header Docformat-Output says cached or rendered.',
  })
  @ApiParam({ name: 'n', schema: { type: 'integer', minimum: 1 }, description: 'The page number, from 1.' })
  @ApiQuery({
    name: 'dpi',
    required: false,
    schema: { type: 'integer', minimum: PAGE_IMAGE_DPI.min, maximum: PAGE_IMAGE_DPI.max, default: PAGE_IMAGE_DPI.default },
    description: 'Resolution in dots per inch (a US Letter page at 110 dpi is 935 × 1210 pixels).',
  })
  @ApiQuery({
    name: 'format',
    required: false,
    schema: { type: 'string', enum: [...PAGE_IMAGE_FORMATS], default: PAGE_IMAGE_FORMATS[0] },
    description: 'Image format.',
  })
  @ApiProduces('image/png', 'image/webp')
  @ApiOkResponse({
    description: 'The page image.',
    content: {
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiBadRequestResponse({
    type: ProblemDto,
    description: 'VALIDATION_FAILED: a bad page number, dpi or format, or another parameter (named in errors).',
  })
  @ApiNotFoundResponse({
    type: ProblemDto,
    description:
      'NOT_FOUND: unknown job or a job of another client. PAGE_OUT_OF_RANGE: the document has fewer pages (pageCount says how many).',
  })
  @ApiConflictResponse({
    type: ProblemDto,
    description:
      'JOB_NOT_COMPLETED: the job is CREATED, IN_PROGRESS or FAILED. SOURCE_NOT_KEPT: the source bytes are not kept (larger than PAGE_SOURCE_MAX_BYTES, or gone).',
  })
  @ApiUnprocessableEntityResponse({
    type: ProblemDto,
    description:
      'NO_PAGE_IMAGES: the source type has no pages (e.g. DOCX, HTML). SOURCE_UNREADABLE: the kept source could not be opened. PAGE_TOO_LARGE: the drawing would pass MAX_IMAGE_PIXELS (ask for a lower dpi).',
  })
  @ApiServiceUnavailableResponse({
    type: ProblemDto,
    description: 'RENDER_UNAVAILABLE: every rendering thread busy (Retry-After), or the drawing took longer than RENDER_TIMEOUT_MS.',
  })
  async page(
    @CurrentClient() client: ApiClient,
    @Param('id') id: string,
    @Param('n') n: string,
    @Query() query: Record<string, unknown>,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const image = await this.pages.page(client, id, n, query);
    res.header('Content-Type', image.mediaType).header('Docformat-Output', image.source).header('Cache-Control', CACHE_CONTROL);
    await res.status(200).send(image.body);
  }
}
