import { ImageUrlParameter, ProblemCode } from '@docformat/contracts';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../http/problem.exception';
import { IS_PUBLIC, SIGNED_URL } from './public.decorator';

const REALM = 'docformat';

/** Global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(private readonly reflector: Reflector) {
    super({ session: false });
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const signed = this.reflector.get<boolean | undefined>(SIGNED_URL, context.getHandler());
    const query = context.switchToHttp().getRequest<FastifyRequest>().query as Record<string, unknown> | undefined;
    // The route checks the signature itself (ImageUrlParameter.SIGNATURE), and refuses a bad one with 403.
    if (signed && query?.[ImageUrlParameter.SIGNATURE] !== undefined) return true;
    return super.canActivate(context);
  }

  /** RFC 6750: a missing token gets a bare challenge, a bad one says invalid_token. */
  override handleRequest<T>(err: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    if (err) throw err;
    if (user) return user;
    const hasToken = /^Bearer\s+\S/i.test(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '');
    throw new ProblemException({
      status: 401,
      code: ProblemCode.UNAUTHORIZED,
      title: 'Unauthorized',
      detail: hasToken ? 'The bearer token is unknown or has been revoked.' : 'Send a token in the header "Authorization: Bearer <token>".',
      headers: {
        'WWW-Authenticate': hasToken ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`,
      },
    });
  }
}
