import type { Type } from '@nestjs/common';
import { createValidationPipe } from './validation.pipe';

const pipe = createValidationPipe();

/**
 * Validates a plain value against a DTO class exactly as a @Body() is validated (the
 * same pipe: unknown properties refused, problems with field names), for values that
 * do not arrive as the JSON body, such as the text parts of a multipart upload.
 */
export function validateDto<T extends object>(dto: Type<T>, value: unknown): Promise<T> {
  return pipe.transform(value, { type: 'body', metatype: dto }) as Promise<T>;
}
