import { ProblemCode, type CreatedJobRecord, type JobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException } from '../http/problem.exception';
import { validateDto } from '../http/validate-dto';
import { ClientApi } from '../auth/client-api.decorator';
import { SubmissionRateGuard } from '../rate-limit/submission-rate.guard';
import { CurrentClient } from '../auth/current-client.decorator';
import { CreateFormatJobDto } from './dto/create-format-job.dto';
import { CreatedJobRecordDto, JobRecordDto, ProblemDto } from './dto/job-record.dto';
import { idempotencyKey } from './idempotency-key';
import { type FormatJobRequest, JobsService, type Submitted } from './jobs.service';
import { UploadSubmissions } from './upload/upload-submissions';
import { MAX_WAIT_SECONDS, parseWaitSeconds } from './wait/wait-seconds';

@ClientApi('jobs')
@Controller()
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly uploads: UploadSubmissions,
  ) {}

  @Post('format')
  @UseGuards(SubmissionRateGuard)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiTooManyRequestsResponse({ type: ProblemDto, description: 'Over RATE_LIMIT_PER_MINUTE (code RATE_LIMITED), with Retry-After.' })
  @ApiOperation({
    summary:
      'Start a job that converts a document into the requested format(s): the document at the URL `file` (JSON body), ' +
      'or an uploaded file (multipart/form-data with a `file` part and a `format` part holding the same JSON object).',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: CreateFormatJobDto })
  @ApiAcceptedResponse({ type: CreatedJobRecordDto, description: 'Job created; poll the Location header.' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 255 visible ASCII characters. The same key with the same request within 24 hours returns the same job ' +
      '(Idempotent-Replayed: true); with another request it is a 422 IDEMPOTENCY_KEY_REUSED.',
  })
  @ApiBadRequestResponse({ type: ProblemDto })
  @ApiUnprocessableEntityResponse({
    type: ProblemDto,
    description: 'The Idempotency-Key was used for a different request (IDEMPOTENCY_KEY_REUSED).',
  })
  @ApiPayloadTooLargeResponse({
    type: ProblemDto,
    description: 'An uploaded file larger than MAX_FILE_BYTES (refused while it streams in).',
  })
  @ApiServiceUnavailableResponse({ type: ProblemDto, description: 'Queue unreachable; the job was saved and will be queued.' })
  async format(
    @CurrentClient() client: ApiClient,
    @Req() req: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') keyHeader: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreatedJobRecord> {
    const key = idempotencyKey(keyHeader);
    const request: FormatJobRequest = req.isMultipart()
      ? await this.uploads.read(req, client)
      : await validateDto(CreateFormatJobDto, body).then((dto) => ({
          fileName: dto.file,
          format: dto.format,
          webhook: dto.webhook,
          fingerprint: body,
        }));
    let submitted: Submitted;
    try {
      submitted = await this.jobs.createFormatJob(client, request, key);
    } catch (error) {
      // A 503 QUEUE_UNAVAILABLE means the job was saved (the sweep queues it): its upload stays.
      const saved = error instanceof ProblemException && error.problem.code === ProblemCode.QUEUE_UNAVAILABLE;
      if (request.uploadId && !saved) await this.uploads.discard(request.uploadId);
      throw error;
    }
    // A replay answers with the first request's job; this request's upload is not needed.
    if (submitted.replayed && request.uploadId) await this.uploads.discard(request.uploadId);
    if (submitted.replayed) res.header('Idempotent-Replayed', 'true');
    res.header('Location', `/job/${submitted.record.id}`);
    return submitted.record;
  }

  @Get('job/:id')
  @ApiOperation({
    summary: 'Poll a job by id; with `wait`, answer as soon as it is COMPLETED or FAILED (long-poll).',
  })
  @ApiQuery({
    name: 'wait',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS },
    description: `Seconds (at most ${MAX_WAIT_SECONDS}) to wait for the job to finish before answering with its current record.`,
  })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'A wait that is not a whole number from 0 to 60.' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown id, or a job of another client.' })
  getJob(
    @CurrentClient() client: ApiClient,
    @Param('id') id: string,
    @Query('wait') wait: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<JobRecord> {
    const waitSeconds = parseWaitSeconds(wait);
    // The client hanging up ends the wait ('close' also follows a normal answer, harmlessly).
    const gone = new AbortController();
    if (waitSeconds > 0) res.raw.once('close', () => gone.abort());
    return this.jobs.getJob(client, id, waitSeconds, gone.signal);
  }
}
