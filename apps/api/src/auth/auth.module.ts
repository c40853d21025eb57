import type { AppConfig } from '@docformat/config';
import { ApiTokenRepository } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { BootstrapTokensService } from './bootstrap-tokens.service';
import { TokenAuthenticator } from './token-authenticator';

@Module({
  imports: [PassportModule],
  providers: [
    {
      provide: TokenAuthenticator,
      inject: [ApiTokenRepository, APP_CONFIG],
      useFactory: (tokens: ApiTokenRepository, config: AppConfig) => new TokenAuthenticator(tokens, config.TOKEN_CACHE_SECONDS * 1000),
    },
    BearerStrategy,
    BootstrapTokensService,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
  ],
})
export class AuthModule {}
