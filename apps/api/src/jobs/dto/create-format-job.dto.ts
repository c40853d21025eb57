import { outputFormatNames } from '@docformat/converters';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, ValidateNested } from 'class-validator';
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
