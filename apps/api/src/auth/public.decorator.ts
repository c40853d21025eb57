import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'docformat:isPublic';

/** Opens a route to callers without a token (health checks). Everything else needs one. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const SIGNED_URL = 'docformat:signedUrl';

/**
 * Opens a route to a request that carries a `signature` query parameter, which the
 * route itself checks (a signed image URL, ImageUrlParameter); without one it needs
 * a bearer token as every other route does.
 */
export const SignedOrBearer = (): MethodDecorator => SetMetadata(SIGNED_URL, true);
