import { documentSchema } from '@docformat/converters/names';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';

/**
 * Published JSON Schemas. Public: a schema describes the service, not a client's
 * data, and validators and code generators fetch it without credentials.
 */
@ApiTags('schemas')
@Controller('schemas')
export class SchemasController {
  @Public()
  @Get('document.json')
  @Header('Content-Type', 'application/schema+json')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ summary: "The JSON Schema (draft 2020-12) of the json format's output: the document tree with pages and boxes." })
  @ApiProduces('application/schema+json')
  @ApiOkResponse({ description: 'The schema; `schemaVersion` in every json output names the version it follows.' })
  document(): Readonly<Record<string, unknown>> {
    return documentSchema;
  }
}
