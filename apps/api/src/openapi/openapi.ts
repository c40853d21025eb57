import { MAX_BATCH_FILES } from '@docformat/contracts';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document is generated from the DTO classes that also validate requests. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('docformat')
    .setDescription(
      'Convert documents, given by URL or uploaded, into text, markdown, HTML, a JSON document tree (schema: /schemas/document.json) ' +
        'or chunks for retrieval: POST /format, then GET /job/{id}?wait=30. Or extract once and render many: POST /extract reads the ' +
        'document into a stored tree (result: the tree, tables, links, images), and GET /job/{id}/formats/{name} renders any format from it.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  return withUploadBodies(SwaggerModule.createDocument(app, config));
}

/** The multipart form of POST /format: a `file` part and a `format` part holding the JSON body's `format` object. */
const UPLOAD_FORM = {
  type: 'object',
  required: ['file', 'format'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: "The document (at most MAX_FILE_BYTES); its file name becomes the job's fileName.",
    },
    format: {
      type: 'string',
      description: 'JSON text: the same object as `format` in the JSON body, e.g. {"type": ["markdown", "text"]}.',
      example: '{"type":"markdown"}',
    },
  },
};

/** The multipart form of POST /extract: a `file` part and optional `options` and `webhook` parts. */
const EXTRACT_UPLOAD_FORM = {
  type: 'object',
  required: ['file'],
  properties: {
    file: UPLOAD_FORM.properties.file,
    options: {
      type: 'string',
      description: 'JSON text: the same object as `options` in the JSON body, e.g. {"pages": "1-10", "ocr": "auto"}.',
      example: '{"pages":"1-10"}',
    },
  },
};

/** The multipart form of POST /batches: several `file` parts, one job each, and the `format` (and `webhook`) they share. */
const BATCH_UPLOAD_FORM = {
  type: 'object',
  required: ['file', 'format'],
  properties: {
    file: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      maxItems: MAX_BATCH_FILES,
      description: `One part named file per document, up to ${MAX_BATCH_FILES}, within MAX_FILE_BYTES together; each file name becomes its job's fileName.`,
    },
    format: UPLOAD_FORM.properties.format,
    webhook: {
      type: 'string',
      description: 'JSON text: the same object as `webhook` in the JSON body; it fires once, when every job of the batch has ended.',
      example: '{"url":"https://example.com/hooks/docformat"}',
    },
  },
};

/**
 * Nest's decorators give every media type of a body the same schema; an upload's
 * multipart form has its own, so it is set here on the operations that take uploads.
 */
function withUploadBodies(document: OpenAPIObject): OpenAPIObject {
  for (const [path, form] of [
    ['/format', UPLOAD_FORM],
    ['/extract', EXTRACT_UPLOAD_FORM],
    ['/batches', BATCH_UPLOAD_FORM],
  ] as const) {
    const body = document.paths[path]?.post?.requestBody;
    if (body && 'content' in body) body.content['multipart/form-data'] = { schema: form as never };
  }
  return document;
}

/** Swagger UI at /docs, the JSON document at /openapi.json (both without a token). */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: '/openapi.json',
    yamlDocumentUrl: '/openapi.yaml',
  });
}
