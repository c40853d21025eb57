import type { AppConfig } from '@docformat/config';
import { ApiMetrics, isScrapeAuthorized, unauthorizedScrape } from '@docformat/metrics';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator';
import { ProblemException } from '../http/problem.exception';
import { APP_CONFIG } from '../infra/tokens';
import { ProblemDto } from '../jobs/dto/job-record.dto';

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: ApiMetrics,
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
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: Response): Promise<string> {
    if (!isScrapeAuthorized(authorization, this.config.METRICS_TOKEN)) {
      const { status, code, title, detail, headers } = unauthorizedScrape(authorization);
      throw new ProblemException({ status, code, title, detail, headers });
    }
    const body = await this.metrics.registry.metrics();
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
