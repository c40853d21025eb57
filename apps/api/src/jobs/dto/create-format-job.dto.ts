import { OCR_MODES, type OcrMode } from '@docformat/contracts';
import { installedOcrLanguages, outputFormatNames } from '@docformat/converters/names';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { ChunkingOptionsDto } from './chunking-options.dto';
import { IsOcrLanguages, IsPageRanges } from './format-options.validators';
import { IsHttpUrl, MAX_URL_LENGTH } from './http-url.validator';
import { IsFormatSelection } from './output-format.validator';

export class FormatSelectionDto {
  @ApiProperty({
    description: 'One output format, or several (one job renders each).',
    oneOf: [
      { type: 'string', enum: [...outputFormatNames()] },
      { type: 'array', items: { type: 'string', enum: [...outputFormatNames()] }, minItems: 1 },
    ],
    example: 'markdown',
  })
  @IsDefined({ message: 'format.type is required' })
  @IsFormatSelection()
  type!: string | string[];

  @ApiPropertyOptional({
    enum: OCR_MODES,
    default: 'auto',
    description: '"auto": OCR images and PDF pages without a usable text layer; "force": OCR every page; "off": never OCR.',
  })
  @IsOptional()
  @IsIn(OCR_MODES, { message: `format.ocr must be one of ${OCR_MODES.join(', ')}` })
  ocr?: OcrMode;

  @ApiPropertyOptional({
    type: [String],
    default: ['eng'],
    description: `OCR languages (Tesseract codes), installed: ${installedOcrLanguages().join(', ')}.`,
    example: ['eng', 'deu'],
  })
  @IsOptional()
  @IsOcrLanguages()
  languages?: string[];

  @ApiPropertyOptional({
    type: String,
    description:
      'Pages to convert (PDFs, slides, sheets, multi-page images): pages and ranges, "10-" means to the end. Pages beyond the end are ignored.',
    example: '1-3,7',
  })
  @IsOptional()
  @IsPageRanges()
  pages?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Mark page starts: a "<!-- page N -->" line in markdown, a form feed between pages in text.',
  })
  @IsOptional()
  @IsBoolean({ message: 'format.pageMarkers must be true or false' })
  pageMarkers?: boolean;

  @ApiPropertyOptional({
    type: ChunkingOptionsDto,
    description: 'How the chunks format cuts the document; other formats ignore it.',
    example: { maxTokens: 512, overlapTokens: 0, strategy: 'heading' },
  })
  @IsOptional()
  @IsObject({ message: 'format.chunking must be an object such as {"maxTokens": 512}' })
  @ValidateNested()
  @Type(() => ChunkingOptionsDto)
  chunking?: ChunkingOptionsDto;
}

/** Body of POST /format. The same class validates requests and documents them in OpenAPI. */
export class CreateFormatJobDto {
  @ApiProperty({
    description: 'Absolute http(s) URL of the document to convert.',
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    example: 'https://example.com/report.pdf',
  })
  @IsDefined({ message: 'file is required' })
  @IsHttpUrl()
  file!: string;

  @ApiProperty({ type: FormatSelectionDto, description: 'The format(s) to convert to.' })
  @IsDefined({ message: 'format is required' })
  @IsObject({ message: 'format must be an object such as {"type": "markdown"}' })
  @ValidateNested()
  @Type(() => FormatSelectionDto)
  format!: FormatSelectionDto;
}
