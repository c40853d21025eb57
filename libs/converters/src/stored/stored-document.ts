import type { IntermediateDocument } from '../document';

/**
 * The version of the stored document's shape: the intermediate document itself
 * (intermediate-document.ts), as JSON. Stored with every tree, so that a change to
 * the tree that older renderers could not read (a renamed field) bumps it and
 * trees of another version are refused instead of misread. Adding an optional
 * field or a block type that renderers handle does not bump it, unless older
 * renderers would render the tree differently from the job: 2 added table spans and
 * several header rows (Table.spans, Table.headerRows), which older renderers would
 * flatten, so they refuse version-2 trees rather than give other bytes.
 */
export const STORED_DOCUMENT_VERSION = 4;

/**
 * The versions these renderers read: a version-1 tree is a version-2 tree without
 * spans, a version-2 tree a version-3 tree without pictures. 3 numbered the pictures
 * the job kept (Image.n, mediaType, width, height: their bytes are in job_images),
 * which older renderers would write as placeholders whatever format.images asks;
 * a version-3 tree is a version-4 tree without row pages. 4 gave a table that runs
 * over pages the rows each page starts with (Table.pageStarts), which older renderers
 * would leave out of the json rows.
 */
export const READABLE_DOCUMENT_VERSIONS: readonly number[] = [1, 2, 3, 4];

/**
 * The document as it is stored with its job: the tree after cleaning and nesting
 * caps, exactly what the job's formats rendered, so a rendering from it later gives
 * the bytes the job would have given.
 */
export function serializeDocument(document: IntermediateDocument): string {
  // Pictures' bytes are not in it: keepImages, before rendering, moved them out.
  return JSON.stringify(document);
}

export function parseStoredDocument(tree: string): IntermediateDocument {
  const document = JSON.parse(tree) as IntermediateDocument;
  if (typeof document !== 'object' || document === null || !Array.isArray(document.blocks) || typeof document.pages !== 'number') {
    throw new Error('The stored document is not a document tree');
  }
  return document;
}
