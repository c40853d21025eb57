import type { CreatedJobRecord, JobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentClient } from '../auth/current-client.decorator';
import { CreateFormatJobDto } from './dto/create-format-job.dto';
import { CreatedJobRecordDto, JobRecordDto, ProblemDto } from './dto/job-record.dto';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ProblemDto, description: 'Missing, unknown or revoked token.' })
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
  @ApiOperation({ summary: 'Poll a job by id.' })
  @ApiOkResponse({ type: JobRecordDto })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown id, or a job of another client.' })
  getJob(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<JobRecord> {
    return this.jobs.getJob(client, id);
  }
}
