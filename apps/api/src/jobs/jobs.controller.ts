import type { CreatedJobRecord, JobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ClientApi } from '../auth/client-api.decorator';
import { CurrentClient } from '../auth/current-client.decorator';
import { CreateFormatJobDto } from './dto/create-format-job.dto';
import { CreatedJobRecordDto, JobRecordDto, ProblemDto } from './dto/job-record.dto';
import { JobsService } from './jobs.service';
import { MAX_WAIT_SECONDS, parseWaitSeconds } from './wait/wait-seconds';

@ClientApi('jobs')
@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post('format')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Start a job that converts the document at `file` into the requested format(s).' })
  @ApiAcceptedResponse({ type: CreatedJobRecordDto, description: 'Job created; poll the Location header.' })
  @ApiBadRequestResponse({ type: ProblemDto })
  @ApiServiceUnavailableResponse({ type: ProblemDto, description: 'Queue unreachable; the job was saved and will be queued.' })
  async format(
    @CurrentClient() client: ApiClient,
    @Body() body: CreateFormatJobDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreatedJobRecord> {
    const record = await this.jobs.createFormatJob(client, body);
    res.header('Location', `/job/${record.id}`);
    return record;
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
