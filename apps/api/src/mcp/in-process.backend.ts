import { ProblemCode } from '@docformat/contracts';
import { outputFormatNames } from '@docformat/converters/names';
import type { ApiClient } from '@docformat/db';
import type { DocformatBackend, DocumentSource, ExtractionOptions, FormatSelection, JobView, ToolProblem } from '@docformat/mcp';
import { Injectable, Logger } from '@nestjs/common';
import { toProblem } from '../http/problem-details.filter';
import { ProblemException } from '../http/problem.exception';
import { validateDto } from '../http/validate-dto';
import { CreateFormatJobDto } from '../jobs/dto/create-format-job.dto';
import { CreateExtractionJobDto } from '../jobs/extract/create-extraction-job.dto';
import { JobsService, type ExtractionJobRequest, type FormatJobRequest, type Submitted } from '../jobs/jobs.service';
import { JobListService } from '../jobs/list/job-list.service';
import { ListJobsQuery } from '../jobs/list/list-jobs.query';
import { createSubmitted } from '../jobs/submission';
import { UploadSubmissions, type InMemoryDocument } from '../jobs/upload/upload-submissions';
import { SubmissionRateLimiter } from '../rate-limit/submission-rate-limiter';

/**
 * The MCP tools' backend inside the API: the services behind POST /format, POST /extract,
 * GET /job/{id} and GET /jobs, called in-process for the client whose token came with
 * POST /mcp. Every rule of the REST API holds: the same DTOs validate, the same rate
 * limit counts submissions, uploads are stored and limited the same, and errors are the
 * same problems (their codes reach the model as tool errors).
 */
@Injectable()
export class InProcessBackends {
  private readonly logger = new Logger('mcp');

  constructor(
    private readonly jobs: JobsService,
    private readonly list: JobListService,
    private readonly uploads: UploadSubmissions,
    private readonly rateLimiter: SubmissionRateLimiter,
  ) {}

  /** The backend of one client's MCP request. */
  forClient(client: ApiClient): DocformatBackend {
    return {
      formatNames: outputFormatNames(),
      submitFormat: (source, format) => this.submitFormat(client, source, format),
      submitExtraction: (source, options) => this.submitExtraction(client, source, options),
      getJob: (id, waitSeconds, signal) => this.jobs.getJob(client, id, waitSeconds, signal) as Promise<JobView>,
      listJobs: async (query) => this.list.list(client, await validateDto(ListJobsQuery, query)),
      problemOf: (error) => this.problemOf(client, error),
    };
  }

  private submitFormat(client: ApiClient, source: DocumentSource, format: FormatSelection): Promise<JobView> {
    return this.submit<FormatJobRequest>(client, source, {
      url: (url) =>
        validateDto(CreateFormatJobDto, { file: url, format }).then((dto) => ({
          fileName: dto.file,
          format: dto.format,
          fingerprint: null,
        })),
      bytes: (document) => this.uploads.formatFromBytes(client, document, format),
      create: (request) => this.jobs.createFormatJob(client, request),
    });
  }

  private submitExtraction(client: ApiClient, source: DocumentSource, options: ExtractionOptions): Promise<JobView> {
    return this.submit<ExtractionJobRequest>(client, source, {
      url: (url) =>
        validateDto(CreateExtractionJobDto, { file: url, options }).then((dto) => ({
          fileName: dto.file,
          options: dto.options,
          fingerprint: null,
        })),
      bytes: (document) => this.uploads.extractionFromBytes(client, document, options),
      create: (request) => this.jobs.createExtractionJob(client, request),
    });
  }

  /**
   * A submission as POST /format and POST /extract make it: counted by the rate limit
   * first (as their guard does), the request validated by the same DTOs (a URL) or stored
   * as an upload (bytes), then created. No Idempotency-Key: a tool call has none.
   */
  private async submit<R extends { uploadId?: string }>(
    client: ApiClient,
    source: DocumentSource,
    how: {
      url: (url: string) => Promise<R>;
      bytes: (document: InMemoryDocument) => Promise<R>;
      create: (request: R) => Promise<Submitted>;
    },
  ): Promise<JobView> {
    await this.rateLimiter.take(client);
    const request = 'url' in source ? await how.url(source.url) : await how.bytes(source);
    return (await createSubmitted(request, this.uploads, how.create)).record as JobView;
  }

  /** The problem a REST call would have answered; anything unexpected is logged here and reaches the model as INTERNAL_ERROR. */
  private problemOf(client: ApiClient, error: unknown): ToolProblem {
    const { code, detail, status, errors } = toProblem(error);
    if (code === ProblemCode.INTERNAL_ERROR && !(error instanceof ProblemException)) {
      this.logger.error({ event: 'mcp.tool_failed', clientId: client.id, err: error }, 'Unhandled error in an MCP tool');
    }
    return { code, detail, status, ...(errors ? { errors } : {}) };
  }
}
