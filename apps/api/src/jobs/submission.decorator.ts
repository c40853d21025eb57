import { applyDecorators, HttpCode, HttpStatus, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiHeader,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { SubmissionRateGuard } from '../rate-limit/submission-rate.guard';
import { ProblemDto } from '../http/problem.dto';

/**
 * What POST /format and POST /extract share: the rate limit, the 202, JSON or an
 * upload, Idempotency-Key, and the answers that are not a job.
 */
export const SubmissionEndpoint = () =>
  applyDecorators(
    UseGuards(SubmissionRateGuard),
    HttpCode(HttpStatus.ACCEPTED),
    ApiConsumes('application/json', 'multipart/form-data'),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Up to 255 visible ASCII characters. The same key with the same request within 24 hours returns the same job ' +
        '(Idempotent-Replayed: true); with another request it is a 422 IDEMPOTENCY_KEY_REUSED.',
    }),
    ApiBadRequestResponse({ type: ProblemDto }),
    ApiUnprocessableEntityResponse({
      type: ProblemDto,
      description: 'The Idempotency-Key was used for a different request (IDEMPOTENCY_KEY_REUSED).',
    }),
    ApiPayloadTooLargeResponse({
      type: ProblemDto,
      description: 'An uploaded file larger than MAX_FILE_BYTES (refused while it streams in).',
    }),
    ApiTooManyRequestsResponse({ type: ProblemDto, description: 'Over RATE_LIMIT_PER_MINUTE (code RATE_LIMITED), with Retry-After.' }),
    ApiServiceUnavailableResponse({ type: ProblemDto, description: 'Queue unreachable; the job was saved and will be queued.' }),
  );
