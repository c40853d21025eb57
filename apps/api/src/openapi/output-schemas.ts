import { DOCUMENT_SCHEMA_PATH } from '@docformat/converters/names';
import type { ApiPropertyOptions, SchemaObject } from '@nestjs/swagger';

/** One element of the chunks format's output (libs/converters/src/formats/chunks/chunks.format.ts). */
const CHUNK: SchemaObject = {
  type: 'object',
  required: ['index', 'text', 'headings', 'pages', 'tokens', 'chars'],
  properties: {
    index: { type: 'integer', minimum: 0, description: '0-based, in document order.' },
    text: { type: 'string', description: 'Markdown, as the markdown format writes the same blocks.' },
    headings: { type: 'array', items: { type: 'string' }, description: 'The heading path the chunk’s text sits under, outermost first.' },
    pages: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      minItems: 2,
      maxItems: 2,
      description: '[first, last] page its blocks start on; [1, 1] for documents without pages.',
    },
    tokens: { type: 'integer', description: 'cl100k_base tokens of text.' },
    chars: { type: 'integer', description: 'Unicode code points of text.' },
  },
};

/**
 * `formats` of a job record, one property per output format. The json format's
 * output is described by the published JSON Schema, referenced by its URL (relative
 * to this document: GET /schemas/document.json).
 */
export const FORMATS_SCHEMA: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: true,
  description:
    'Output per requested format once COMPLETED, {} before: a string for the text formats (text, markdown, html), ' +
    'the JSON value itself for the JSON formats (json, chunks), never a string holding JSON.',
  properties: {
    text: { type: 'string', description: 'Plain text.' },
    markdown: { type: 'string', description: 'GitHub-flavoured markdown.' },
    html: {
      type: 'string',
      description: 'A standalone HTML5 document, safe to display (no scripts, no event attributes, http(s)/mailto/relative links only).',
    },
    // allOf around the $ref: OpenAPI 3.0 ignores a description beside a $ref.
    json: {
      description: 'The document tree: blocks with their type, text, page and, for PDF and OCR, box.',
      allOf: [{ $ref: DOCUMENT_SCHEMA_PATH }],
    },
    chunks: { type: 'array', items: CHUNK, description: 'Chunks for retrieval, cut by format.chunking.' },
  },
};
