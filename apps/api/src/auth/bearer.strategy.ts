import type { ApiClient } from '@docformat/db';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { TokenAuthenticator } from './token-authenticator';

/** passport-http-bearer: `Authorization: Bearer <token>` → the client it belongs to. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: TokenAuthenticator) {
    super();
  }

  /** Returning false (not throwing) lets passport answer with an invalid_token challenge. */
  async validate(token: string): Promise<ApiClient | false> {
    return (await this.tokens.authenticate(token)) ?? false;
  }
}
