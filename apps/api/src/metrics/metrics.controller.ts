import type { AppConfig } from '@docformat/config';
import { ProblemCode } from '@docformat/contracts';
import { isScrapeAuthorized, unauthorizedScrape } from '@docformat/metrics';
import { APP_CONFIG } from '@docformat/infra';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { ProblemException } from '../http/problem.exception';
import { ProblemDto } from '../http/problem.dto';
import { MetricsExposition } from './metrics-exposition';

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exposition: MetricsExposition,
  ) {}

  /**
   * Public with respect to client tokens (Prometheus is no client and owns no jobs);
   * METRICS_TOKEN, when set, guards it instead.
   */
  @Public()
  @Get()
  @ApiOperation({ summary: 'Prometheus metrics (text format). Needs `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set.' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Jobs created, queue depth and Node process metrics.' })
  @ApiUnauthorizedResponse({ type: ProblemDto, description: 'METRICS_TOKEN is set and the request did not carry it.' })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    if (!isScrapeAuthorized(authorization, this.config.METRICS_TOKEN)) {
      const { status, code, title, detail, headers } = unauthorizedScrape(authorization);
      throw new ProblemException({ status, code, title, detail, headers });
    }
    const body = await this.exposition.text().catch((error: unknown) => {
      // A partial answer (one process of several) would make counters jump; fail the scrape instead.
      throw new ProblemException({
        status: 503,
        code: ProblemCode.SERVICE_UNAVAILABLE,
        title: 'Service Unavailable',
        detail: `The metrics of the API processes could not be collected: ${error instanceof Error ? error.message : String(error)}.`,
      });
    });
    res.header('Content-Type', this.exposition.contentType);
    res.header('Cache-Control', 'no-store');
    return body;
  }
}
