import type { JsonValue } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { pageGroups } from '../page-groups';
import { DOCUMENT_SCHEMA_VERSION, type JsonBlock, type JsonDocument } from './document-json';
import { jsonBlocks } from './json-blocks';

/**
 * The document tree as JSON (document.schema.json). In a document with pages, a
 * pageBreak block stands where each page after the first starts, empty pages
 * included, as markdown's page markers do; blocks carry their page either way.
 */
export function documentJson(document: IntermediateDocument): JsonDocument {
  const paged = document.pages > 1 || document.pagesConverted !== undefined;
  const blocks: JsonBlock[] = [];
  for (const [index, { page, blocks: onPage }] of pageGroups(document).entries()) {
    if (paged && index > 0) blocks.push({ type: 'pageBreak', page });
    for (const block of jsonBlocks(onPage, page)) blocks.push(block);
  }
  return {
    schemaVersion: DOCUMENT_SCHEMA_VERSION,
    metadata: { ...document.metadata },
    pages: document.pages,
    ...(document.pagesConverted ? { pagesConverted: [...document.pagesConverted] } : {}),
    ...(document.ocr ? { ocr: document.ocr.map(({ page, confidence }) => ({ page, confidence })) } : {}),
    blocks,
  };
}

export const render: (document: IntermediateDocument) => JsonValue = documentJson;
