import type { OcrMode } from '@docformat/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { WebhookDto, WebhookOption } from '../dto/create-format-job.dto';
import { RequiredHttpUrl } from '../dto/http-url.validator';
import { LanguagesOption, OcrOption, PagesOption } from '../dto/source-options.decorators';

/** `options` of POST /extract: how the document is read (no output format: nothing is rendered up front). */
export class ExtractionOptionsDto {
  @OcrOption('options')
  ocr?: OcrMode;

  @LanguagesOption('options')
  languages?: string[];

  @PagesOption('options')
  pages?: string;
}

/** The text parts of a multipart POST /extract (the document is the `file` part). */
export class UploadExtractionJobDto {
  @ApiPropertyOptional({
    type: ExtractionOptionsDto,
    description: 'How to read the document (an `options` part holding this JSON in an upload).',
  })
  @IsOptional()
  @IsObject({ message: 'options must be an object such as {"ocr": "auto", "pages": "1-10"}' })
  @ValidateNested()
  @Type(() => ExtractionOptionsDto)
  options?: ExtractionOptionsDto;

  @WebhookOption()
  webhook?: WebhookDto;
}

/** Body of POST /extract as JSON. */
export class CreateExtractionJobDto extends UploadExtractionJobDto {
  @RequiredHttpUrl('file', { description: 'Absolute http(s) URL of the document to extract.', example: 'https://example.com/report.pdf' })
  file!: string;
}
