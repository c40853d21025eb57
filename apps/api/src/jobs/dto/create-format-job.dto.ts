import { IMAGE_MODES, type ImageMode, type OcrMode, TABLE_STYLES, type TableStyle } from '@docformat/contracts';
import { outputFormatNames } from '@docformat/converters/names';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { ChunkingOptionsDto } from './chunking-options.dto';
import { RequiredHttpUrl } from './http-url.validator';
import { IsFormatSelection } from './output-format.validator';
import { LanguagesOption, OcrOption, PagesOption } from './source-options.decorators';

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

  @OcrOption('format')
  ocr?: OcrMode;

  @LanguagesOption('format')
  languages?: string[];

  @PagesOption('format')
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
    enum: [...TABLE_STYLES],
    default: 'markdown',
    description:
      'How markdown writes a table with merged cells or several header rows: "markdown", a pipe table all the same (merged cells ' +
      'flattened, extra header rows as body rows); "html", an HTML <table> with rowspan/colspan inside the markdown. ' +
      'A simple table is a pipe table either way. The json format gives spans as rowSpan/colSpan whatever this says.',
  })
  @IsOptional()
  @IsIn([...TABLE_STYLES], { message: `format.tables must be one of ${TABLE_STYLES.join(', ')}` })
  tables?: TableStyle;

  @ApiPropertyOptional({
    enum: [...IMAGE_MODES],
    default: 'placeholder',
    description:
      'What outputs do with the document\'s pictures: "placeholder" writes their description ("[Image: alt]"); "referenced" links each ' +
      '(markdown ![alt](URL), html <img src="URL">, json url) to GET /job/{id}/images/{n} with a signature and expiry ' +
      '(IMAGE_URL_TTL_SECONDS) that work without the bearer token; "embedded" writes pictures of up to IMAGE_EMBED_MAX_BYTES as data: ' +
      'URIs and links larger ones as "referenced" does. Pictures come from PDF image objects, DOCX, PPTX and EPUB media and HTML data: ' +
      'sources; ones below IMAGE_MIN_SIDE_PX a side or over IMAGE_MAX_BYTES stay placeholders.',
  })
  @IsOptional()
  @IsIn([...IMAGE_MODES], { message: `format.images must be one of ${IMAGE_MODES.join(', ')}` })
  images?: ImageMode;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description:
      'false: convert even when an earlier job converted the same bytes with the same formats and options (the result cache); ' +
      'true: such a job completes from that conversion, with result.cached true.',
  })
  @IsOptional()
  @IsBoolean({ message: 'format.cache must be true or false' })
  cache?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description:
      'false: convert a long PDF on one worker, never cut into page ranges that several workers convert at once (SPLIT_PAGES). ' +
      'The output is the same either way; only how fast it comes differs.',
  })
  @IsOptional()
  @IsBoolean({ message: 'format.split must be true or false' })
  split?: boolean;

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

/** `webhook` of POST /format: where to POST the job's record when it ends. */
export class WebhookDto {
  @RequiredHttpUrl('webhook.url', {
    description:
      'Absolute http(s) URL that receives the job record (signed, see Docformat-Signature) when the job is COMPLETED or FAILED. ' +
      'Private and loopback addresses are refused unless FETCH_ALLOW_PRIVATE.',
    example: 'https://hooks.example.com/docformat',
  })
  url!: string;
}

/** `webhook` of POST /format and POST /extract (a `webhook` part in an upload). */
export const WebhookOption = () =>
  applyDecorators(
    ApiPropertyOptional({ type: WebhookDto, description: 'Be told when the job ends (a `webhook` part holding this JSON in an upload).' }),
    IsOptional(),
    IsObject({ message: 'webhook must be an object such as {"url": "https://hooks.example.com/docformat"}' }),
    ValidateNested(),
    Type(() => WebhookDto),
  );

/**
 * The text parts of a multipart POST /format (the document is the `file` part): the
 * same `format` object as in the JSON body, sent as a JSON text part.
 */
export class UploadFormatJobDto {
  @ApiProperty({ type: FormatSelectionDto, description: 'The format(s) to convert to, as in the JSON body.' })
  @IsDefined({ message: 'format is required' })
  @IsObject({ message: 'format must be an object such as {"type": "markdown"}' })
  @ValidateNested()
  @Type(() => FormatSelectionDto)
  format!: FormatSelectionDto;

  @WebhookOption()
  webhook?: WebhookDto;
}

/** Body of POST /format. The same class validates requests and documents them in OpenAPI. */
export class CreateFormatJobDto extends UploadFormatJobDto {
  @RequiredHttpUrl('file', { description: 'Absolute http(s) URL of the document to convert.', example: 'https://example.com/report.pdf' })
  file!: string;
}
