import type { TruthCell, TruthHeading } from '../truth';

/**
 * Headings and tables from pandoc's JSON AST (`pandoc -t json`, pandoc-types 1.22 as in
 * pandoc 2.17), read without pandoc's own writers so cell spans and header rows survive.
 * Elements are `{ t, c }`; only the shapes read here are typed.
 */
export interface PandocElement {
  t: string;
  c?: unknown;
}

export interface PandocDoc {
  'pandoc-api-version': number[];
  meta: unknown;
  blocks: PandocElement[];
}

/** A table as pandoc gives it, before it is placed on a page. */
export interface SourceTable {
  rows: TruthCell[][];
  /** The table holds another table: its text is in the outer cell, and it is not listed on its own. */
  nested: boolean;
}

type Cell = [unknown, unknown, number, number, PandocElement[]];
type Row = [unknown, Cell[]];
type TableContent = [unknown, unknown, unknown, [unknown, Row[]], [unknown, number, Row[], Row[]][], [unknown, Row[]]];

const QUOTES: Record<string, [string, string]> = { SingleQuote: ['‘', '’'], DoubleQuote: ['“', '”'] };

/** The visible text of inlines: footnotes, images and raw markup left out, since a PDF shows none of them there. */
export function inlineText(inlines: PandocElement[]): string {
  let out = '';
  for (const inline of inlines) {
    const c = inline.c as never;
    switch (inline.t) {
      case 'Str':
        out += c;
        break;
      case 'Space':
      case 'SoftBreak':
      case 'LineBreak':
        out += ' ';
        break;
      case 'Code':
      case 'Math':
        out += (c as [unknown, string])[1];
        break;
      case 'Emph':
      case 'Underline':
      case 'Strong':
      case 'Strikeout':
      case 'Superscript':
      case 'Subscript':
      case 'SmallCaps':
        out += inlineText(c);
        break;
      case 'Quoted': {
        const [kind, content] = c as [PandocElement, PandocElement[]];
        const [open, close] = QUOTES[kind.t] ?? ['"', '"'];
        out += open + inlineText(content) + close;
        break;
      }
      case 'Cite':
      case 'Link':
      case 'Span':
        // Cite is [citations, inlines], Link [attr, inlines, target], Span [attr, inlines].
        out += inlineText((c as unknown[])[1] as PandocElement[]);
        break;
      default:
        // Note, Image, RawInline: not in the running text.
        break;
    }
  }
  return out;
}

/** Whitespace collapsed, as the truth's texts are compared. */
export function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The children of a block that are blocks, for walking: lists, quotes, divs, definition lists, table cells. */
function childBlocks(block: PandocElement): PandocElement[][] {
  const c = block.c as never;
  switch (block.t) {
    case 'BlockQuote':
      return [c];
    case 'Div':
      return [(c as [unknown, PandocElement[]])[1]];
    case 'BulletList':
      return c;
    case 'OrderedList':
      return (c as [unknown, PandocElement[][]])[1];
    case 'DefinitionList':
      return (c as [PandocElement[], PandocElement[][]][]).flatMap(([, definitions]) => definitions);
    case 'Table':
      return tableRows(c).flatMap(({ cells }) => cells.map((cell) => cell[4]));
    default:
      return [];
  }
}

/** The visible text of blocks, one space between blocks. */
export function blockText(blocks: PandocElement[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    const c = block.c as never;
    if (block.t === 'Para' || block.t === 'Plain') parts.push(inlineText(c));
    else if (block.t === 'Header') parts.push(inlineText((c as [number, unknown, PandocElement[]])[2]));
    else if (block.t === 'LineBlock') parts.push(...(c as PandocElement[][]).map(inlineText));
    else if (block.t === 'CodeBlock') parts.push((c as [unknown, string])[1]);
    else for (const child of childBlocks(block)) parts.push(blockText(child));
  }
  return tidy(parts.join(' '));
}

/** Every row of a table in order (head, each body's intermediate head and rows, foot), with whether its cells are headers. */
function tableRows(content: TableContent): { cells: Cell[]; header: boolean; rowHeadColumns: number }[] {
  const [, , , head, bodies, foot] = content;
  const rows: { cells: Cell[]; header: boolean; rowHeadColumns: number }[] = [];
  // pandoc's ODT reader gives every table a head row of empty cells that the source does not have; a head row with no text at all is dropped.
  for (const [, cells] of head[1])
    if (cells.some(([, , , , blocks]) => blockText(blocks))) rows.push({ cells, header: true, rowHeadColumns: 0 });
  for (const [, rowHeadColumns, intermediate, body] of bodies) {
    for (const [, cells] of intermediate) rows.push({ cells, header: true, rowHeadColumns: 0 });
    for (const [, cells] of body) rows.push({ cells, header: false, rowHeadColumns });
  }
  for (const [, cells] of foot[1]) rows.push({ cells, header: false, rowHeadColumns: 0 });
  return rows;
}

function hasTable(blocks: PandocElement[]): boolean {
  return blocks.some((block) => block.t === 'Table' || childBlocks(block).some(hasTable));
}

/**
 * A pandoc Table as truth rows: pandoc already lists cells as HTML does (a spanned-over
 * cell is not repeated), with row and column spans; head rows, intermediate heads and a
 * body's row-head columns are header cells.
 */
export function tableFromPandoc(content: TableContent): SourceTable {
  const rows: TruthCell[][] = [];
  let nested = false;
  for (const row of tableRows(content)) {
    rows.push(
      row.cells.map(([, , rowSpan, colSpan, blocks], index) => {
        nested ||= hasTable(blocks);
        const cell: TruthCell = { text: blockText(blocks) };
        if (rowSpan > 1) cell.rowSpan = rowSpan;
        if (colSpan > 1) cell.colSpan = colSpan;
        if (row.header || index < row.rowHeadColumns) cell.header = true;
        return cell;
      }),
    );
  }
  return { rows, nested };
}

/**
 * Headings and outermost tables in document order. Heading levels are clamped to 1–6
 * (an ODF heading may say outline level 0, or 7–10); headings without text, which a
 * reader cannot see, are left out.
 */
export function headingsAndTables(doc: PandocDoc): { headings: TruthHeading[]; tables: SourceTable[] } {
  const headings: TruthHeading[] = [];
  const tables: SourceTable[] = [];
  const walk = (blocks: PandocElement[], inTable: boolean) => {
    for (const block of blocks) {
      if (block.t === 'Header') {
        const [level, , inlines] = block.c as [number, unknown, PandocElement[]];
        const text = tidy(inlineText(inlines));
        if (text) headings.push({ level: Math.min(Math.max(level, 1), 6), text });
      } else if (block.t === 'Table' && !inTable) {
        const table = tableFromPandoc(block.c as TableContent);
        if (table.rows.length > 0) tables.push(table);
      }
      for (const child of childBlocks(block)) walk(child, inTable || block.t === 'Table');
    }
  };
  walk(doc.blocks, false);
  return { headings, tables };
}

/** The document without its tables (wherever they are), for the plain-text truth, which leaves tables out. */
export function withoutTables(doc: PandocDoc): PandocDoc {
  const strip = (blocks: PandocElement[]): PandocElement[] =>
    blocks
      .filter((block) => block.t !== 'Table')
      .map((block) => {
        const c = block.c as never;
        switch (block.t) {
          case 'BlockQuote':
            return { t: block.t, c: strip(c) };
          case 'Div':
            return { t: block.t, c: [(c as unknown[])[0], strip((c as [unknown, PandocElement[]])[1])] };
          case 'BulletList':
            return { t: block.t, c: (c as PandocElement[][]).map(strip) };
          case 'OrderedList':
            return { t: block.t, c: [(c as unknown[])[0], (c as [unknown, PandocElement[][]])[1].map(strip)] };
          case 'DefinitionList':
            return { t: block.t, c: (c as [unknown, PandocElement[][]][]).map(([term, defs]) => [term, defs.map(strip)]) };
          default:
            return block;
        }
      });
  return { ...doc, blocks: strip(doc.blocks) };
}
