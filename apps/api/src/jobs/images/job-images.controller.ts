import { ImageUrlParameter } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { SignedOrBearer } from '../../auth/public.decorator';
import { ProblemDto } from '../../http/problem.dto';
import { JobImagesService } from './job-images.service';

@ClientApi('jobs')
@Controller()
export class JobImagesController {
  constructor(private readonly images: JobImagesService) {}

  @Get('job/:id/images/:n')
  @SignedOrBearer()
  @ApiOperation({
    summary:
      "One picture the job kept of its document (format.images referenced or embedded, or an extraction), by its number in the outputs, with its media type. With the bearer token, or with the `expires` and `signature` of a link the job's outputs give (no token needed until it expires).",
  })
  @ApiParam({ name: 'n', schema: { type: 'integer', minimum: 1 }, description: "The picture's number (`n` in the json output)." })
  @ApiQuery({
    name: ImageUrlParameter.EXPIRES,
    required: false,
    schema: { type: 'integer' },
    description: "A signed link's expiry (unix seconds).",
  })
  @ApiQuery({ name: ImageUrlParameter.SIGNATURE, required: false, schema: { type: 'string' }, description: "A signed link's signature." })
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp')
  @ApiOkResponse({ description: "The picture's bytes.", content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({
    type: ProblemDto,
    description: 'IMAGE_URL_INVALID: the signature does not hold for this image, or it has expired.',
  })
  @ApiNotFoundResponse({
    type: ProblemDto,
    description: 'Unknown job, a job of another client, or IMAGE_NOT_FOUND: no picture of that number.',
  })
  async image(
    @Req() req: FastifyRequest,
    @Param('id') id: string,
    @Param('n') n: string,
    @Query(ImageUrlParameter.EXPIRES) expires: unknown,
    @Query(ImageUrlParameter.SIGNATURE) signature: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const client = (req as FastifyRequest & { user?: ApiClient }).user;
    const access =
      signature !== undefined
        ? { expires: typeof expires === 'string' ? expires : '', signature: typeof signature === 'string' ? signature : '' }
        : { client: client! };
    const image = await this.images.image(id, n, access);
    await res
      .status(200)
      .header('Content-Type', image.mediaType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=3600')
      .send(Buffer.from(image.bytes));
  }

  @Get('job/:id/bundle')
  @ApiOperation({
    summary:
      "A zip of the COMPLETED job's outputs (document.md, document.html, document.json…; an extraction job's as markdown and json) with the pictures it kept beside them as images/<n>.<ext>, linked by those relative paths: the document to hand to another tool.",
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'The zip.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown job, or a job of another client.' })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'JOB_NOT_COMPLETED, or DOCUMENT_NOT_STORED (a job from before trees were stored).',
  })
  async bundle(@CurrentClient() client: ApiClient, @Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    const zip = await this.images.bundle(client, id);
    await res
      .status(200)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="job-${id}.zip"`)
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  }
}
