import { ProblemCode } from '@docformat/contracts';
import { isDatabaseUnavailable } from '@docformat/db';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ProblemException, type ProblemInit } from './problem.exception';
import { sendProblem } from './problem-response';

const FROM_STATUS: Record<number, { code: ProblemCode; title: string }> = {
  400: { code: ProblemCode.VALIDATION_FAILED, title: 'Invalid request' },
  401: { code: ProblemCode.UNAUTHORIZED, title: 'Unauthorized' },
  404: { code: ProblemCode.NOT_FOUND, title: 'Not Found' },
  405: { code: ProblemCode.METHOD_NOT_ALLOWED, title: 'Method Not Allowed' },
  413: { code: ProblemCode.PAYLOAD_TOO_LARGE, title: 'Payload Too Large' },
  415: { code: ProblemCode.UNSUPPORTED_MEDIA_TYPE, title: 'Unsupported Media Type' },
  503: { code: ProblemCode.SERVICE_UNAVAILABLE, title: 'Service Unavailable' },
};

/** Seconds a client should wait before trying again while Postgres is unreachable (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Every error leaves the API as application/problem+json. Postgres being down or
 * restarting is the client's 503 (wherever it surfaces: the token look-up, a
 * query); other unexpected errors become a bare 500: the stack goes to the log,
 * never to the client.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<{ method?: string; url?: string }>();
    if (isDatabaseUnavailable(exception)) {
      // Expected while Postgres restarts; one line, no stack, and pg reconnects by itself.
      this.logger.warn({ event: 'http.database_unavailable', reason: (exception as Error).message?.trim().split('\n').pop() });
    }
    const problem = toProblem(exception);
    if (problem.status >= 500 && !(exception instanceof ProblemException) && problem.code !== ProblemCode.DATABASE_UNAVAILABLE) {
      this.logger.error({ event: 'http.unhandled_error', method: request.method, url: request.url, err: exception }, 'Unhandled error');
    }
    sendProblem(response, problem);
  }
}

/**
 * The problem an error is to the client: its own (ProblemException), 503 while Postgres is
 * unreachable, a 4xx HttpException by its status, and anything else a bare 500.
 */
export function toProblem(exception: unknown): ProblemInit {
  if (exception instanceof ProblemException) return exception.problem;
  if (isDatabaseUnavailable(exception)) {
    return {
      status: 503,
      code: ProblemCode.DATABASE_UNAVAILABLE,
      title: 'Service Unavailable',
      detail: 'The database is unreachable (down or restarting), so the request was not carried out. Try again shortly.',
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const known = FROM_STATUS[status];
    if (known && status < 500) return { status, ...known, detail: detailOf(exception) };
  }
  return {
    status: 500,
    code: ProblemCode.INTERNAL_ERROR,
    title: 'Internal Server Error',
    detail: 'The server failed to handle this request. It has been logged; please try again later.',
  };
}

function detailOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : String(message ?? exception.message);
}
