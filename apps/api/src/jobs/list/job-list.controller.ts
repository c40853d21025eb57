import type { JobList } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { ProblemDto } from '../../http/problem.dto';
import { JobListDto } from '../dto/job-record.dto';
import { JobListService } from './job-list.service';
import { ListJobsQuery } from './list-jobs.query';

@ClientApi('jobs')
@Controller('jobs')
export class JobListController {
  constructor(private readonly list: JobListService) {}

  @Get()
  @ApiOperation({ summary: "The client's own jobs, newest first, without outputs; page with `cursor` = the last page's nextCursor." })
  @ApiOkResponse({ type: JobListDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'A bad status, type, limit or cursor, or an unknown parameter.' })
  jobs(@CurrentClient() client: ApiClient, @Query() query: ListJobsQuery): Promise<JobList> {
    return this.list.list(client, query);
  }
}
