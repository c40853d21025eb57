import { JobStatus, JobType } from '@docformat/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query of GET /jobs; unknown parameters are refused like unknown body properties. */
export class ListJobsQuery {
  @ApiPropertyOptional({ enum: Object.values(JobStatus), description: 'Only jobs in this status.' })
  @IsOptional()
  @IsIn(Object.values(JobStatus), { message: `status must be one of ${Object.values(JobStatus).join(', ')}` })
  status?: JobStatus;

  @ApiPropertyOptional({ enum: Object.values(JobType), description: 'Only jobs of this type.' })
  @IsOptional()
  @IsIn(Object.values(JobType), { message: `type must be one of ${Object.values(JobType).join(', ')}` })
  type?: JobType;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Jobs per page.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Max(MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor must be a nextCursor value from an earlier page of GET /jobs' })
  cursor?: string;
}
