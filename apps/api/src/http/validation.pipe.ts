import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { validationFailed, type FieldError } from './problem.exception';

/** Flattens class-validator's tree into `{field: "format.type", message}` entries. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      field,
      message: rule === 'whitelistValidation' ? `${field} is not a known property` : message,
    }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/** Unknown properties are refused (and named), not silently dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => validationFailed(toFieldErrors(errors)),
  });
}
