import type { DocumentMetadata } from '@docformat/contracts';

/**
 * The intermediate representation (IR) every reader produces and every output format
 * renders: a small typed block tree, deliberately no richer than what both markdown
 * and plain text can express. See docs/adr/0001-intermediate-document.md.
 */
export interface IntermediateDocument {
  /** The document's page count (PDF pages, slides, sheets, image frames); 1 for formats without pages. */
  pages: number;
  metadata: DocumentMetadata;
  blocks: Block[];
  /** The pages that were read, when a page selection (`format.pages`) left some out. */
  pagesConverted?: number[];
  /** Pages whose text came from OCR, with the mean word confidence (0-100) of each. */
  ocr?: OcrPage[];
}

export interface OcrPage {
  page: number;
  confidence: number;
}

/**
 * A box in page points, origin top-left: [left, top, right, bottom]. Only readers that
 * know positions (PDF text layers, OCR) set it.
 */
export type BoundingBox = [number, number, number, number];

/**
 * Where a block came from: the 1-based page it starts on and, for positioned sources,
 * its box on that page. Optional so that readers without pages need not say page 1;
 * renderers treat a missing page as "same page as before".
 */
export interface BlockPosition {
  page?: number;
  bbox?: BoundingBox;
}

export type Block = Heading | Paragraph | List | Table | CodeBlock | BlockQuote | ThematicBreak | Image;

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface Heading extends BlockPosition {
  type: 'heading';
  level: HeadingLevel;
  content: Inline[];
}

export interface Paragraph extends BlockPosition {
  type: 'paragraph';
  content: Inline[];
}

export interface List extends BlockPosition {
  type: 'list';
  ordered: boolean;
  /** First number of an ordered list when it is not 1. */
  start?: number;
  items: ListItem[];
}

/** An item holds blocks so that lists can nest (a paragraph, then a sub-list). */
export interface ListItem {
  blocks: Block[];
}

/**
 * A table as a rectangle: every row has a cell for every column. A cell that spans
 * rows or columns holds its content in its top-left position, and the positions it
 * covers stay empty cells (so nothing is repeated); `spans` says which, for the
 * renderers that can write spans (json, html, markdown with `tables: "html"`).
 */
export interface Table extends BlockPosition {
  type: 'table';
  /** Absent when the source had no header row; renderers decide how to cope. */
  header?: TableRow;
  rows: TableRow[];
  /**
   * With a header, how many rows the table's header has, when more than one: `header`
   * and then `rows[0 … headerRows - 2]` (column groups above their columns). Renderers
   * that write one header row write the others as body rows.
   */
  headerRows?: number;
  /** The cells that span more than one row or column, by their top-left position. */
  spans?: TableSpan[];
  /**
   * A table that runs over pages (a page break cut it and the layout joined the
   * parts): where each later page's rows start, in order. Absent on a one-page table.
   */
  pageStarts?: TablePageStart[];
}

/** The first row on `page`, 0-based over the table's rows as written, as TableSpan counts them. */
export interface TablePageStart {
  row: number;
  page: number;
}

/**
 * A cell spanning `rowSpan` rows and `colSpan` columns from (`row`, `column`), both
 * 0-based over the table's rows as written: `header` first when there is one, then `rows`.
 */
export interface TableSpan {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
}

export type TableRow = TableCell[];
export type TableCell = Inline[];

export interface CodeBlock extends BlockPosition {
  type: 'code';
  language?: string;
  text: string;
}

export interface BlockQuote extends BlockPosition {
  type: 'quote';
  blocks: Block[];
}

export interface ThematicBreak extends BlockPosition {
  type: 'rule';
}

/**
 * A picture. `alt` is the author's description (alt text or caption), `src` the
 * picture's file name inside the document when known, for a markdown image reference.
 * A reader asked for pictures (ConversionOptions.readImages) also gives its `bytes`;
 * keepImages (images/keep-images.ts) then numbers the ones worth keeping (`n`, with
 * their `mediaType` and pixel size) and takes the bytes out of the tree, so the tree
 * stays text and the bytes are stored beside it (docs/adr/0019-document-images.md).
 */
export interface Image extends BlockPosition {
  type: 'image';
  alt: string;
  src?: string;
  /** 1-based number among the document's kept pictures: GET /job/{id}/images/{n}. */
  n?: number;
  mediaType?: string;
  width?: number;
  height?: number;
  /** The picture's file as read, until keepImages moves it out: never serialized, never rendered. */
  bytes?: Uint8Array;
}

export type Inline = Text | Strong | Emphasis | InlineCode | Link | LineBreak;

export interface Text {
  type: 'text';
  text: string;
}

export interface Strong {
  type: 'strong';
  content: Inline[];
}

export interface Emphasis {
  type: 'emphasis';
  content: Inline[];
}

export interface InlineCode {
  type: 'inlineCode';
  text: string;
}

export interface Link {
  type: 'link';
  /** As written in the source: relative links stay relative. */
  href: string;
  content: Inline[];
}

export interface LineBreak {
  type: 'break';
}
