import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, registerDecorator, type ValidationOptions } from 'class-validator';

export const MAX_URL_LENGTH = 2048;

/** Why a value is not an acceptable document URL, or null when it is. */
export function httpUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'must be a non-empty string';
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters long (got ${value.length})`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL such as https://example.com/report.pdf';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must use http or https (got ${url.protocol.replace(/:$/, '')})`;
  }
  if (!url.hostname) return 'must name a host';
  return null;
}

/** An absolute http(s) URL of at most 2,048 characters. */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => httpUrlProblem(value) === null,
        defaultMessage: (args) => `${args?.property} ${httpUrlProblem(args?.value)}`,
      },
    });
}

/**
 * A required http(s) URL property (`file` of POST /format and POST /extract, `webhook.url`):
 * documented as a URI, refused with "<path> is required" when absent, checked by IsHttpUrl.
 */
export const RequiredHttpUrl = (path: string, doc: { description: string; example: string }) =>
  applyDecorators(
    ApiProperty({ ...doc, format: 'uri', maxLength: MAX_URL_LENGTH }),
    IsDefined({ message: `${path} is required` }),
    IsHttpUrl(),
  );
