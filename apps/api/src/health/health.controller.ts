import type { PrismaClient } from '@docformat/db';
import { JobQueue, withTimeout } from '@docformat/queue';
import { PRISMA } from '@docformat/infra';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';

const CHECK_TIMEOUT_MS = 1000;

type Check = 'up' | 'down';
export interface HealthReport {
  status: 'ok' | 'error';
  checks: { database: Check; redis: Check };
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly queue: JobQueue,
  ) {}

  /** Public, so load balancers and compose healthchecks need no token. */
  @Public()
  @Get()
  @ApiOkResponse({ description: 'Postgres and Redis answer.' })
  @ApiServiceUnavailableResponse({ description: 'Names what is down.' })
  async check(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      this.probe(() => this.prisma.$queryRaw`SELECT 1`),
      this.probe(() => this.queue.ping(CHECK_TIMEOUT_MS)),
    ]);
    const healthy = database === 'up' && redis === 'up';
    res.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'error', checks: { database, redis } };
  }

  private async probe(check: () => Promise<unknown>): Promise<Check> {
    try {
      await withTimeout(check(), CHECK_TIMEOUT_MS, 'Health check');
      return 'up';
    } catch {
      return 'down';
    }
  }
}
