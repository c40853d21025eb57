import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'docformat:isPublic';

/** Opens a route to callers without a token (health checks). Everything else needs one. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
