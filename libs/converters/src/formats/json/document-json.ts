import type { DocumentMetadata } from '@docformat/contracts';
import type { BoundingBox } from '../../document';

/**
 * The json format's output, as document.schema.json describes it (the schema is the
 * contract clients read; these types keep the renderer to it, and the specs validate
 * real outputs against the schema). Types, not interfaces: a type without optional
 * `undefined` values is assignable to JsonValue.
 */
export type JsonDocument = {
  schemaVersion: typeof DOCUMENT_SCHEMA_VERSION;
  metadata: { [K in keyof DocumentMetadata]: DocumentMetadata[K] };
  pages: number;
  pagesConverted?: number[];
  ocr?: Array<{ page: number; confidence: number }>;
  blocks: JsonBlock[];
};

/** Minor versions only add optional fields; see the schema's description of schemaVersion. */
export const DOCUMENT_SCHEMA_VERSION = '1.3';

type Position = { page: number; bbox?: BoundingBox };
type Text = { text: string; inlines?: JsonInline[] };

/** The IR's inline nodes, which are JSON as they are. */
export type JsonInline =
  | { type: 'text' | 'inlineCode'; text: string }
  | { type: 'strong' | 'emphasis'; content: JsonInline[] }
  | { type: 'link'; href: string; content: JsonInline[] }
  | { type: 'break' };

export type JsonBlock =
  | ({ type: 'heading'; level: number } & Text & Position)
  | ({ type: 'paragraph' } & Text & Position)
  | ({ type: 'list'; ordered: boolean; start?: number; items: Array<{ blocks: JsonBlock[] }> } & Position)
  | ({ type: 'table'; rows: JsonTableRow[] } & Position)
  | ({ type: 'code'; language?: string; text: string } & Position)
  | ({ type: 'quote'; blocks: JsonBlock[] } & Position)
  | ({ type: 'rule' } & Position)
  | ({ type: 'image'; alt: string; src?: string; n?: number; mediaType?: string; width?: number; height?: number; url?: string } & Position)
  | { type: 'pageBreak'; page: number };

/** `page`: only in a table that runs over pages, on every row. */
export type JsonTableRow = { header: boolean; cells: JsonTableCell[]; page?: number };
export type JsonTableCell = Text & { rowSpan?: number; colSpan?: number };
