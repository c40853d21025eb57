import { JobErrorCode, JobStatus, JobType, WebhookStatus } from '@docformat/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FORMATS_SCHEMA, RESULT_SCHEMA } from '../../openapi/output-schemas';

/** OpenAPI description of the records; the shapes themselves live in @docformat/contracts. */
export class CreatedJobRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'ISO 8601, UTC.' }) createdAt!: string;
  @ApiProperty({ enum: Object.values(JobStatus) }) status!: JobStatus;
  @ApiProperty({ description: 'Pages of the source document; 0 until it has been read.' }) pages!: number;
  @ApiProperty({ description: 'The document URL as submitted.' }) fileName!: string;
  @ApiProperty({ enum: Object.values(JobType) }) type!: JobType;
  @ApiProperty(FORMATS_SCHEMA)
  formats!: Record<string, unknown>;
}

export class JobErrorDto {
  @ApiProperty({ enum: Object.values(JobErrorCode) }) code!: JobErrorCode;
  @ApiProperty() message!: string;
}

export class WebhookStateDto {
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({
    enum: Object.values(WebhookStatus),
    description: 'PENDING until delivered (or while retrying), then DELIVERED or FAILED.',
  })
  status!: WebhookStatus;
  @ApiProperty({ description: 'Delivery attempts so far.' }) attempts!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed.' }) lastError!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt!: string | null;
}

export class JobProgressDto {
  @ApiProperty({ minimum: 0, description: 'Pages converted so far; it never goes down, across retries too.' }) pagesDone!: number;
  @ApiProperty({ minimum: 0, description: 'Pages the job converts (the selected pages, when `format.pages` is given).' }) pages!: number;
}

const PROGRESS_DESCRIPTION =
  'Present only while the job is IN_PROGRESS and its page count is known. `GET /job/{id}?wait=N&progress=1` answers as soon as it changes.';

export class JobRecordDto extends CreatedJobRecordDto {
  @ApiProperty(RESULT_SCHEMA)
  result!: Record<string, unknown>;
  @ApiPropertyOptional({ type: JobErrorDto, nullable: true }) error!: JobErrorDto | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty({ type: [String] }) requestedFormats!: string[];
  @ApiProperty({ description: 'Processing attempts so far.' }) attempts!: number;
  @ApiPropertyOptional({ type: JobProgressDto, description: PROGRESS_DESCRIPTION }) progress?: JobProgressDto;
  @ApiPropertyOptional({ type: WebhookStateDto, description: 'Present when the job asked for a webhook.' }) webhook?: WebhookStateDto;
  @ApiPropertyOptional({ format: 'uuid', description: 'Present when the job was submitted in a batch (POST /batches).' }) batchId?: string;
}

export class JobSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ enum: Object.values(JobStatus) }) status!: JobStatus;
  @ApiProperty() pages!: number;
  @ApiProperty({ enum: Object.values(JobType) }) type!: JobType;
  @ApiProperty() fileName!: string;
  @ApiPropertyOptional({ type: JobErrorDto, nullable: true }) error!: JobErrorDto | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completedAt!: string | null;
  @ApiProperty({ type: [String] }) requestedFormats!: string[];
  @ApiProperty() attempts!: number;
  @ApiPropertyOptional({ type: JobProgressDto, description: PROGRESS_DESCRIPTION }) progress?: JobProgressDto;
}

export class JobListDto {
  @ApiProperty({ type: [JobSummaryDto], description: 'Newest first; records without formats and result.' }) jobs!: JobSummaryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last page.' })
  nextCursor!: string | null;
}
