import type { AppConfig } from '@docformat/config';
import { ApiTokenRepository } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

/** Registers the tokens given in API_TOKENS (compose, tests) as clients at start-up. */
@Injectable()
export class BootstrapTokensService implements OnApplicationBootstrap {
  private readonly logger = new Logger('auth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: ApiTokenRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const token of this.config.API_TOKENS) {
      const info = await this.tokens.ensureBootstrapToken(token);
      this.logger.log({ event: 'auth.bootstrap_token', tokenId: info.id, revoked: info.revokedAt !== null });
    }
  }
}
