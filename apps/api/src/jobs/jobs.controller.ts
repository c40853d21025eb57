import type { CreatedJobRecord, JobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validateDto } from '../http/validate-dto';
import { ClientApi } from '../auth/client-api.decorator';
import { CurrentClient } from '../auth/current-client.decorator';
import { CreateFormatJobDto } from './dto/create-format-job.dto';
import { ProblemDto } from '../http/problem.dto';
import { CreatedJobRecordDto, JobRecordDto } from './dto/job-record.dto';
import { type FormatJobRequest, JobsService } from './jobs.service';
import { acceptSubmission } from './submission';
import { SubmissionEndpoint } from './submission.decorator';
import { UploadSubmissions } from './upload/upload-submissions';
import { parseProgressFlag } from './wait/progress-flag';
import { MAX_WAIT_SECONDS, parseWaitSeconds } from './wait/wait-seconds';

@ClientApi('jobs')
@Controller()
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly uploads: UploadSubmissions,
  ) {}

  @Post('format')
  @SubmissionEndpoint()
  @ApiOperation({
    summary:
      'Start a job that converts a document into the requested format(s): the document at the URL `file` (JSON body), ' +
      'or an uploaded file (multipart/form-data with a `file` part and a `format` part holding the same JSON object).',
  })
  @ApiBody({ type: CreateFormatJobDto })
  @ApiAcceptedResponse({ type: CreatedJobRecordDto, description: 'Job created; poll the Location header.' })
  async format(
    @CurrentClient() client: ApiClient,
    @Req() req: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') keyHeader: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreatedJobRecord> {
    return acceptSubmission<FormatJobRequest>(
      { req, res, keyHeader },
      this.uploads,
      {
        upload: () => this.uploads.read(req, client),
        json: () =>
          validateDto(CreateFormatJobDto, body).then((dto) => ({
            fileName: dto.file,
            format: dto.format,
            webhook: dto.webhook,
            fingerprint: body,
          })),
      },
      (request, key) => this.jobs.createFormatJob(client, request, key),
    );
  }

  @Get('job/:id')
  @ApiOperation({
    summary:
      'Poll a job by id; with `wait`, answer as soon as it is COMPLETED or FAILED (long-poll), ' +
      'and with `progress=1` also as soon as its `progress` changes.',
  })
  @ApiQuery({
    name: 'wait',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS },
    description: `Seconds (at most ${MAX_WAIT_SECONDS}) to wait for the job to finish before answering with its current record.`,
  })
  @ApiQuery({
    name: 'progress',
    required: false,
    schema: { type: 'string', enum: ['1', 'true', '0', 'false'], default: 'false' },
    description:
      "With `wait`: `1` or `true` answers also as soon as the running job's `progress` (pages done, of how many) " +
      'changes, so a client can show it as it goes; `0` or `false` (the default) waits for the end only.',
  })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiBadRequestResponse({
    type: ProblemDto,
    description: 'A wait that is not a whole number from 0 to 60, or a progress other than 1, true, 0 or false.',
  })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown id, or a job of another client.' })
  getJob(
    @CurrentClient() client: ApiClient,
    @Param('id') id: string,
    @Query('wait') wait: unknown,
    @Query('progress') progress: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<JobRecord> {
    const waitSeconds = parseWaitSeconds(wait);
    const waitOptions = { progress: parseProgressFlag(progress) };
    // The client hanging up ends the wait ('close' also follows a normal answer, harmlessly).
    const gone = new AbortController();
    if (waitSeconds > 0) res.raw.once('close', () => gone.abort());
    return this.jobs.getJob(client, id, waitSeconds, gone.signal, waitOptions);
  }
}
