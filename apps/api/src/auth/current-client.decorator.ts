import type { ApiClient } from '@docformat/db';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The client whose token authenticated this request (set by the bearer strategy). */
export const CurrentClient = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): ApiClient => ctx.switchToHttp().getRequest<{ user: ApiClient }>().user,
);
