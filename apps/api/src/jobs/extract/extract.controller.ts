import type { CreatedJobRecord } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { Body, Controller, Headers, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ClientApi } from '../../auth/client-api.decorator';
import { CurrentClient } from '../../auth/current-client.decorator';
import { validateDto } from '../../http/validate-dto';
import { CreatedJobRecordDto } from '../dto/job-record.dto';
import { type ExtractionJobRequest, JobsService } from '../jobs.service';
import { acceptSubmission } from '../submission';
import { SubmissionEndpoint } from '../submission.decorator';
import { UploadSubmissions } from '../upload/upload-submissions';
import { CreateExtractionJobDto } from './create-extraction-job.dto';

@ClientApi('jobs')
@Controller()
export class ExtractController {
  constructor(
    private readonly jobs: JobsService,
    private readonly uploads: UploadSubmissions,
  ) {}

  @Post('extract')
  @SubmissionEndpoint()
  @ApiOperation({
    summary:
      'Start an extraction job: the document (at the URL `file`, or uploaded as multipart/form-data with a `file` part and an optional ' +
      '`options` part) is read once into a stored document tree. Once COMPLETED, `result` holds the tree (the json format), its tables, ' +
      'links and images, and `formats` links every format, rendered from the stored tree on demand by GET /job/{id}/formats/{name}.',
  })
  @ApiBody({ type: CreateExtractionJobDto })
  @ApiAcceptedResponse({ type: CreatedJobRecordDto, description: 'Job created (type "extraction"); poll the Location header.' })
  async extract(
    @CurrentClient() client: ApiClient,
    @Req() req: FastifyRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') keyHeader: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CreatedJobRecord> {
    return acceptSubmission<ExtractionJobRequest>(
      { req, res, keyHeader },
      this.uploads,
      {
        upload: () => this.uploads.readExtraction(req, client),
        json: () =>
          validateDto(CreateExtractionJobDto, body).then((dto) => ({
            fileName: dto.file,
            options: dto.options,
            webhook: dto.webhook,
            fingerprint: { extract: body },
          })),
      },
      (request, key) => this.jobs.createExtractionJob(client, request, key),
    );
  }
}
