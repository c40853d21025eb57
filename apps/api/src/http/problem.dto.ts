import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of every error answer (application/problem+json, RFC 9457); problem-response.ts writes them. */
export class ProblemDto {
  @ApiProperty() type!: string;
  @ApiProperty() title!: string;
  @ApiProperty() status!: number;
  @ApiProperty() detail!: string;
  @ApiProperty() code!: string;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } })
  errors?: { field: string; message: string }[];
}
