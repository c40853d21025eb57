import { ProblemCode } from '@docformat/contracts';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ProblemException } from './problem.exception';

export const MAX_BODY_BYTES = 1024 * 1024;

const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

/**
 * Parses JSON bodies inside Nest's pipeline (not as raw Express middleware) so that
 * every parsing failure becomes a problem+json answer through the exception filter.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    if (!hasBody(req)) return next();
    if (!req.is(['application/json', 'application/*+json'])) {
      throw new ProblemException({
        status: 415,
        code: ProblemCode.UNSUPPORTED_MEDIA_TYPE,
        title: 'Unsupported Media Type',
        detail: `The body must be JSON sent with Content-Type: application/json (got ${req.headers['content-type'] ?? 'no Content-Type'}).`,
      });
    }
    await new Promise<void>((resolve, reject) => parseJson(req, _res, (err?: unknown) => (err ? reject(toProblem(err)) : resolve())));
    if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
      throw malformed('The body must be a JSON object.');
    }
    next();
  }
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function malformed(detail: string): ProblemException {
  return new ProblemException({ status: 400, code: ProblemCode.MALFORMED_JSON, title: 'Malformed JSON', detail });
}

function toProblem(err: unknown): ProblemException {
  const type = (err as { type?: string }).type;
  if (type === 'entity.too.large') {
    return new ProblemException({
      status: 413,
      code: ProblemCode.PAYLOAD_TOO_LARGE,
      title: 'Payload Too Large',
      detail: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`,
    });
  }
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return new ProblemException({
      status: 415,
      code: ProblemCode.UNSUPPORTED_MEDIA_TYPE,
      title: 'Unsupported Media Type',
      detail: 'The body must be UTF-8 JSON without a content encoding.',
    });
  }
  const reason = err instanceof Error ? err.message : 'unreadable body';
  return malformed(`The body is not valid JSON: ${reason}.`);
}
