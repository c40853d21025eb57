import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { BootstrapTokensService } from './bootstrap-tokens.service';

@Module({
  imports: [PassportModule],
  providers: [BearerStrategy, BootstrapTokensService, { provide: APP_GUARD, useClass: BearerAuthGuard }],
})
export class AuthModule {}
