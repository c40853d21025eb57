import type { AppConfig } from '@docformat/config';
import { ProblemCode } from '@docformat/contracts';
import type { ApiClient } from '@docformat/db';
import { APP_CONFIG, REDIS } from '@docformat/infra';
import { withTimeout } from '@docformat/queue';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ProblemException } from '../http/problem.exception';
import {
  remaining,
  secondsUntilAllowed,
  secondsUntilReset,
  SLIDING_WINDOW_SCRIPT,
  WINDOW_SECONDS,
  type WindowReading,
} from './sliding-window';

/** The limiter never holds a submission up long: past this, it lets the request through. */
const REDIS_TIMEOUT_MS = 500;

/**
 * RATE_LIMIT_PER_MINUTE submissions per client (POST /format, POST /extract, and the MCP
 * tools that submit), counted in Redis so that every API process shares one count, over
 * a sliding window. A submission over the limit is a 429 RATE_LIMITED with Retry-After.
 * With Redis unreachable it lets submissions through: the enqueue that follows answers
 * 503 anyway, and a limiter must not become the outage.
 */
@Injectable()
export class SubmissionRateLimiter {
  private readonly logger = new Logger('rate-limit');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * Counts one submission of `client`: the RateLimit-* headers to answer with (none
   * when there is no limit, or Redis did not answer), or a 429 problem when it is over.
   */
  async take(client: ApiClient): Promise<Record<string, string>> {
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    if (limit <= 0) return {};
    let reading: WindowReading;
    try {
      reading = await withTimeout(this.count(client.id, limit), REDIS_TIMEOUT_MS, 'Counting the submission');
    } catch (error) {
      this.logger.warn({ event: 'rate_limit.unavailable', reason: (error as Error).message });
      return {};
    }
    const headers = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(remaining(limit, reading)),
      'RateLimit-Reset': String(secondsUntilReset(reading)),
    };
    if (!reading.allowed) {
      const retryAfter = secondsUntilAllowed(limit, reading);
      throw new ProblemException({
        status: 429,
        code: ProblemCode.RATE_LIMITED,
        title: 'Too Many Requests',
        detail: `This client may submit ${limit} documents a minute (RATE_LIMIT_PER_MINUTE); try again in ${retryAfter} s.`,
        headers: { ...headers, 'Retry-After': String(retryAfter) },
      });
    }
    return headers;
  }

  private async count(clientId: string, limit: number): Promise<WindowReading> {
    const now = Date.now() / 1000;
    const window = Math.floor(now / WINDOW_SECONDS);
    const fraction = now / WINDOW_SECONDS - window;
    const key = (n: number) => `${this.config.QUEUE_PREFIX}:rate:${clientId}:${n}`;
    const [allowed, current, previous] = (await this.redis.eval(
      SLIDING_WINDOW_SCRIPT,
      2,
      key(window),
      key(window - 1),
      limit,
      fraction,
      2 * WINDOW_SECONDS,
    )) as [number, number, number];
    return { allowed: allowed === 1, current, previous, fraction };
  }
}
