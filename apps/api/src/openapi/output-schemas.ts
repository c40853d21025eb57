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
    'Format jobs: the output per requested format once COMPLETED, {} before: a string for the text formats (text, markdown, html), ' +
    'the JSON value itself for the JSON formats (json, chunks), never a string holding JSON. Extraction jobs: once COMPLETED, ' +
    'where each registered format is rendered from the stored document, {"markdown": "/job/{id}/formats/markdown", …} ' +
    '(GET /job/{id}/formats/{name}); {} before.',
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

const PAGE: SchemaObject = { type: 'integer', minimum: 1, description: 'The page it starts on (1 for documents without pages).' };
const BOX: SchemaObject = {
  type: 'array',
  items: { type: 'number' },
  minItems: 4,
  maxItems: 4,
  description: '[x0, y0, x1, y1] in points, origin at the top-left corner of the page (PDF and OCR only).',
};

/** `result` of a job record: the source facts, and for an extraction job its findings. */
export const RESULT_SCHEMA: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: true,
  description:
    'Once COMPLETED: mimeType, bytes, sha256 and metadata of the source; warnings (array of {code, message}, e.g. NO_TEXT_FOUND, LOW_OCR_CONFIDENCE); ' +
    'ocr ({pages, meanConfidence}) when pages were read by OCR; pagesConverted when pages left pages out; detectedLanguages, ' +
    'the main languages of the text. An extraction job adds ' +
    'document, tables, links and images. {} before.',
  properties: {
    mimeType: { type: 'string' },
    bytes: { type: 'integer' },
    sha256: { type: 'string' },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    warnings: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    detectedLanguages: {
      type: 'array',
      maxItems: 3,
      description:
        'The languages most of the text is in, the largest share first: ISO 639-1 code and share of the text (0-1, two decimals, ' +
        'adding up to 1 at most); a language with less than a tenth of the text is left out. Empty when the text is too short to tell.',
      items: {
        type: 'object',
        required: ['code', 'share'],
        properties: { code: { type: 'string', example: 'de' }, share: { type: 'number', minimum: 0, maximum: 1, example: 0.92 } },
      },
    },
    document: { description: 'Extraction jobs: the document tree, as the json format writes it.', allOf: [{ $ref: DOCUMENT_SCHEMA_PATH }] },
    tables: {
      type: 'array',
      description: 'Extraction jobs: every table in reading order.',
      items: {
        type: 'object',
        required: ['index', 'page', 'headerRows', 'rows'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          page: PAGE,
          bbox: BOX,
          caption: { type: 'string', description: 'A "Table N: …" paragraph just before (or else after) the table, or an HTML <caption>.' },
          headerRows: { type: 'integer', minimum: 0, maximum: 1, description: 'How many of the first rows are header rows.' },
          rows: {
            type: 'array',
            items: { type: 'array', items: { type: 'string' } },
            description: 'Rows of cells as plain text, header first.',
          },
        },
      },
    },
    links: {
      type: 'array',
      description: 'Extraction jobs: every link in reading order, href as written in the source.',
      items: {
        type: 'object',
        required: ['href', 'text', 'page'],
        properties: { href: { type: 'string' }, text: { type: 'string' }, page: PAGE },
      },
    },
    images: {
      type: 'array',
      description: 'Extraction jobs: every picture the document tree holds (slides, images with alt text), by its description.',
      items: {
        type: 'object',
        required: ['alt', 'page'],
        properties: { alt: { type: 'string' }, src: { type: 'string' }, page: PAGE, bbox: BOX },
      },
    },
  },
};
