import type { ApiClient } from '@docformat/db';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SubmissionRateLimiter } from './submission-rate-limiter';

/**
 * The rate limit on POST /format and POST /extract (SubmissionRateLimiter): answers
 * carry RateLimit-Limit, -Remaining and -Reset (the IETF draft's headers); a submission
 * over the limit is a 429. Runs after authentication (it counts per client).
 */
@Injectable()
export class SubmissionRateGuard implements CanActivate {
  constructor(private readonly limiter: SubmissionRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const client = http.getRequest<{ user?: ApiClient }>().user;
    if (!client) return true;
    http.getResponse<FastifyReply>().headers(await this.limiter.take(client));
    return true;
  }
}
