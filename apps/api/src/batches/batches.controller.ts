import type { BatchRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientApi } from '../auth/client-api.decorator';
import { CurrentClient } from '../auth/current-client.decorator';
import { ProblemDto } from '../http/problem.dto';
import { validateDto } from '../http/validate-dto';
import { idempotencyKey } from '../jobs/idempotency-key';
import { SubmissionEndpoint } from '../jobs/submission.decorator';
import { UploadSubmissions } from '../jobs/upload/upload-submissions';
import { parseWaitSeconds } from '../jobs/wait/wait-seconds';
import { type BatchRequest, BatchesService } from './batches.service';
import { CreateBatchDto } from './dto/create-batch.dto';
import { BatchQuery, BatchRecordDto } from './dto/batch-record.dto';

const NOT_FOUND = { type: ProblemDto, description: 'Unknown id, or a batch of another client.' };

@ClientApi('batches')
@Controller('batches')
export class BatchesController {
  constructor(
    private readonly batches: BatchesService,
    private readonly uploads: UploadSubmissions,
  ) {}

  @Post()
  @SubmissionEndpoint()
  @ApiOperation({
    summary:
      'Start one job per document: the URLs in `files` (JSON body), or several `file` parts (multipart/form-data, with a `format` ' +
      'part), all converted with the same `format`. One webhook, when every job has ended.',
  })
  @ApiBody({ type: CreateBatchDto })
  @ApiAcceptedResponse({ type: BatchRecordDto, description: 'Batch created with its jobs; poll the Location header.' })
  async create(
    @CurrentClient() client: ApiClient,
    @Req() req: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') keyHeader: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BatchRecord> {
    const key = idempotencyKey(keyHeader);
    const request: BatchRequest = req.isMultipart()
      ? await this.uploads.readBatch(req, client)
      : await validateDto(CreateBatchDto, body).then((dto) => ({
          files: dto.files.map((fileName) => ({ fileName })),
          format: dto.format,
          webhook: dto.webhook,
          fingerprint: body,
        }));
    const { record, replayed } = await this.batches.create(client, request, key);
    if (replayed) res.header('Idempotent-Replayed', 'true');
    res.header('Location', `/batches/${record.id}`);
    return record;
  }

  @Get(':id')
  @ApiOperation({
    summary:
      'A batch: its jobs counted by status and a page of them in order; with `wait`, answer as soon as every job has ended (long-poll).',
  })
  @ApiOkResponse({ type: BatchRecordDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'A bad limit, cursor or wait, or an unknown parameter.' })
  @ApiNotFoundResponse(NOT_FOUND)
  get(
    @CurrentClient() client: ApiClient,
    @Param('id') id: string,
    @Query() query: BatchQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BatchRecord> {
    const waitSeconds = parseWaitSeconds(query.wait);
    // The client hanging up ends the wait.
    const gone = new AbortController();
    if (waitSeconds > 0) res.raw.once('close', () => gone.abort());
    return this.batches.get(client, id, query, waitSeconds, gone.signal);
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel every job of the batch that has not ended (FAILED with CANCELLED); ended jobs keep their outcome.' })
  @ApiOkResponse({ type: BatchRecordDto, description: 'The batch after the cancellation.' })
  @ApiNotFoundResponse(NOT_FOUND)
  cancel(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<BatchRecord> {
    return this.batches.cancel(client, id);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete the batch and every job of it, with their outputs, stopping those that run.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<void> {
    await this.batches.delete(client, id);
  }
}
