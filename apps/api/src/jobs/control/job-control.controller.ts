import type { JobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Controller, Delete, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { ProblemDto } from '../../http/problem.dto';
import { JobRecordDto } from '../dto/job-record.dto';
import { JobControlService } from './job-control.service';

@ClientApi('jobs')
@Controller('job/:id')
export class JobControlController {
  constructor(private readonly control: JobControlService) {}

  @Post('cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Cancel a CREATED or IN_PROGRESS job: it becomes FAILED with code CANCELLED, and a running conversion is stopped.',
  })
  @ApiOkResponse({ type: JobRecordDto, description: 'The cancelled job.' })
  @ApiConflictResponse({ type: ProblemDto, description: 'The job is COMPLETED or FAILED already (code JOB_FINISHED).' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown id, or a job of another client.' })
  cancel(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<JobRecord> {
    return this.control.cancel(client, id);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a job with its outputs and its uploaded document, stopping it first if it runs.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'Unknown id, or a job of another client.' })
  async delete(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<void> {
    await this.control.delete(client, id);
  }
}
