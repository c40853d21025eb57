import type { DocumentMetadata } from '@docformat/contracts';

/**
 * The intermediate representation (IR) every reader produces and every output format
 * renders: a small typed block tree, deliberately no richer than what both markdown
 * and plain text can express. See docs/adr/0001-intermediate-document.md.
 */
export interface IntermediateDocument {
  /** PDF pages; 1 for formats without pages. */
  pages: number;
  metadata: DocumentMetadata;
  blocks: Block[];
}

export type Block = Heading | Paragraph | List | Table | CodeBlock | BlockQuote | ThematicBreak;

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface Heading {
  type: 'heading';
  level: HeadingLevel;
  content: Inline[];
}

export interface Paragraph {
  type: 'paragraph';
  content: Inline[];
}

export interface List {
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

export interface Table {
  type: 'table';
  /** Absent when the source had no header row; renderers decide how to cope. */
  header?: TableRow;
  rows: TableRow[];
}

export type TableRow = TableCell[];
export type TableCell = Inline[];

export interface CodeBlock {
  type: 'code';
  language?: string;
  text: string;
}

export interface BlockQuote {
  type: 'quote';
  blocks: Block[];
}

export interface ThematicBreak {
  type: 'rule';
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
