import { ProblemCode } from '@docformat/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem-response';

/** The first path segment that is not valid percent-encoding (what Express named in its 400). */
function undecodableSegment(url: string): string {
  for (const segment of url.split('?')[0]?.split('/') ?? []) {
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return url;
}

/**
 * Errors Fastify raises before any route runs (a URL that is not valid
 * percent-encoding), answered as problem+json like every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendProblem(reply, {
      status: 400,
      code: ProblemCode.VALIDATION_FAILED,
      title: 'Invalid request',
      detail: `Failed to decode param '${undecodableSegment(request.url)}'`,
    });
    return;
  }
  sendProblem(reply, {
    status: 500,
    code: ProblemCode.INTERNAL_ERROR,
    title: 'Internal Server Error',
    detail: 'The server failed to handle this request. It has been logged; please try again later.',
  });
}
