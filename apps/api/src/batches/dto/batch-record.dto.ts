import { DEFAULT_BATCH_PAGE, JobErrorCode, JobStatus, MAX_BATCH_PAGE } from '@docformat/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { WebhookStateDto } from '../../jobs/dto/job-record.dto';

/** OpenAPI description of a batch; the shapes themselves live in @docformat/contracts (batch.ts). */
export class BatchJobDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The document URL, or the uploaded file name.' }) fileName!: string;
  @ApiProperty({ enum: Object.values(JobStatus) }) status!: JobStatus;
  @ApiProperty({ enum: Object.values(JobErrorCode), nullable: true, type: String }) errorCode!: JobErrorCode | null;
}

export class BatchCountsDto {
  @ApiProperty() CREATED!: number;
  @ApiProperty() IN_PROGRESS!: number;
  @ApiProperty() COMPLETED!: number;
  @ApiProperty() FAILED!: number;
}

export class BatchRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When its last job ended.' }) completedAt!: string | null;
  @ApiProperty({ description: 'Jobs the batch was made with.' }) total!: number;
  @ApiProperty({ type: BatchCountsDto, description: 'Jobs per status.' }) counts!: BatchCountsDto;
  @ApiProperty({ description: 'Every job has ended (COMPLETED or FAILED) or was deleted.' }) done!: boolean;
  @ApiPropertyOptional({ type: WebhookStateDto, description: 'Present when the batch asked for a webhook.' }) webhook?: WebhookStateDto;
  @ApiProperty({ type: [BatchJobDto], description: "A page of the jobs, in the order of the request's files." }) jobs!: BatchJobDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page of jobs; null on the last page.' })
  nextCursor!: string | null;
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_BATCH_PAGE}`;

/** Query of GET /batches/{id}; unknown parameters are refused like unknown body properties. */
export class BatchQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_BATCH_PAGE, default: DEFAULT_BATCH_PAGE, description: 'Jobs per page.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(MAX_BATCH_PAGE, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'cursor must be a nextCursor value from an earlier page of this batch' })
  cursor?: string;

  @ApiPropertyOptional({
    description: 'Seconds (0 to 60) to wait for every job of the batch to end before answering with its current state.',
    type: 'integer',
    minimum: 0,
    maximum: 60,
  })
  @IsOptional()
  wait?: unknown;
}
