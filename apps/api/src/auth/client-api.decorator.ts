import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ProblemDto } from '../http/problem.dto';

/** A controller of client calls, as the OpenAPI document shows it: tagged, bearer-authenticated, 401 when the token is not. */
export const ClientApi = (tag: string): ClassDecorator =>
  applyDecorators(
    ApiTags(tag),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ProblemDto, description: 'Missing, unknown or revoked token.' }),
  );
