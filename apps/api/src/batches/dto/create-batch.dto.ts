import { MAX_BATCH_FILES } from '@docformat/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { registerDecorator } from 'class-validator';
import { UploadFormatJobDto } from '../../jobs/dto/create-format-job.dto';
import { httpUrlProblem, MAX_URL_LENGTH } from '../../jobs/dto/http-url.validator';

/** Why `files` is not a list of 1 to MAX_BATCH_FILES document URLs (naming the first bad one), or null. */
export function fileListProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH_FILES) {
    const got = Array.isArray(value) ? ` (got ${value.length})` : '';
    return `files must be a list of 1 to ${MAX_BATCH_FILES} document URLs${got}`;
  }
  for (const [i, url] of value.entries()) {
    const problem = httpUrlProblem(url);
    if (problem) return `files[${i}] ${problem}`;
  }
  return null;
}

/** Body of POST /batches: the URLs, and the format and webhook every job shares, as in POST /format. */
export class CreateBatchDto extends UploadFormatJobDto {
  @ApiProperty({
    description: `1 to ${MAX_BATCH_FILES} absolute http(s) URLs, one job each, checked as POST /format's \`file\`.`,
    type: 'array',
    items: { type: 'string', format: 'uri', maxLength: MAX_URL_LENGTH },
    minItems: 1,
    maxItems: MAX_BATCH_FILES,
    example: ['https://example.com/a.pdf', 'https://example.com/b.docx'],
  })
  @IsFileList()
  files!: string[];
}

function IsFileList(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isFileList',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => fileListProblem(value) === null,
        defaultMessage: (args) => fileListProblem(args?.value) ?? 'files is invalid',
      },
    });
}
