import TurndownService from 'turndown';
import { type TableStyle } from '@docformat/contracts';
import type { Block, Table } from '../../document';
import { inlineHtml } from '../html/html-blocks';
import { hasSpansOrHeaderRows, spannedTableHtml } from '../spanned-table-html';
import { gfmTable } from './markdown-table';
import { renderHtml } from './render-html';
import { addGfmRules } from './turndown-rules';

let service: TurndownService | undefined;

/**
 * `$$…$$` and `$…$` spans as pandoc reads TeX math: the opening `$` is followed by a
 * non-space, the closing one preceded by a non-space and not followed by a digit, so
 * "$5 and $10" stays text. One capture group: split() alternates text and math.
 */
const TEX_MATH = /(\$\$[^$]+?\$\$|\$(?=\S)[^$\n]*?\S\$(?!\d))/;

/** One turndown service per thread, made on first use. */
function turndown(): TurndownService {
  if (!service) {
    service = new TurndownService({
      headingStyle: 'atx',
      hr: '---',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      fence: '```',
      emDelimiter: '*',
      strongDelimiter: '**',
      linkStyle: 'inlined',
    });
    addGfmRules(service);
    // turndown leaves "<" alone, but "<tag" in text would reach a markdown renderer as raw HTML.
    // TeX math (equations from Word) passes unescaped: `\frac` and `_{i}` are its syntax.
    const escapeMarkdown = service.escape.bind(service);
    const escapeText = (text: string) => escapeMarkdown(text).replace(/<(?=[A-Za-z/!?])/g, '\\<');
    service.escape = (text: string) =>
      text
        .split(TEX_MATH)
        .map((part, index) => (index % 2 === 1 ? part : escapeText(part)))
        .join('');
  }
  return service;
}

/** Top-level blocks per turndown call, roughly: a chunk ends at the first safe place after this many. */
const CHUNK_BLOCKS = 500;

export interface MarkdownSettings {
  /** `html`: a top-level table with merged cells or several header rows is written as an HTML <table> (format.tables). */
  tables?: TableStyle;
  /** Top-level blocks per turndown call (see markdownChunks); tests vary it. */
  chunkBlocks?: number;
}

/**
 * IR → GitHub-flavoured markdown, by way of semantic HTML and turndown, except for
 * top-level tables that gfmTable writes directly (a million-cell table as HTML and
 * then as a DOM would need gigabytes). Each such table goes to turndown as a
 * one-word paragraph, a placeholder: turndown spaces a paragraph exactly as it
 * spaces a table (a blank line either side), so swapping the table's markdown in
 * for the placeholder gives the bytes turndown would have written for the table.
 * Long documents go through turndown a chunk at a time (see markdownChunks). With
 * `tables: "html"`, a top-level table a pipe table cannot hold (merged cells, several
 * header rows) is written as HTML, with the html format's escaping, in its place.
 */
export function renderMarkdown(blocks: readonly Block[], settings: MarkdownSettings = {}): string {
  const asHtml = settings.tables === 'html';
  const parts = markdownChunks(blocks, settings.chunkBlocks ?? CHUNK_BLOCKS)
    .map((chunk) => renderChunk(chunk, asHtml))
    .filter((markdown) => markdown !== '');
  if (parts.length === 0) return '';
  // The whole output is trimmed; only the first part's start is the document's start.
  parts[0] = parts[0].trimStart();
  return `${parts.join('\n\n')}\n`;
}

/**
 * The blocks in runs that turndown can convert one at a time with the same result as
 * all at once, so that a 2,400-page manual is never one HTML string and one DOM (that
 * DOM took 250 MB more than the text output's whole conversion). Between top-level
 * blocks turndown keeps no state (whitespace handling restarts at every block, and
 * each is set off by one blank line), except that it trims trailing whitespace at the
 * end of its output: so a run may end only after a block whose markdown cannot end in
 * whitespace (see endsWithFence). Runs are joined with the blank line turndown puts
 * between blocks.
 */
function markdownChunks(blocks: readonly Block[], size = CHUNK_BLOCKS): Array<readonly Block[]> {
  const chunks: Array<readonly Block[]> = [];
  let start = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (i + 1 - start >= size && endsWithFence(blocks[i])) {
      chunks.push(blocks.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < blocks.length) chunks.push(blocks.slice(start));
  return chunks;
}

/**
 * Blocks whose markdown ends in a character that is not whitespace: a code block with
 * some text (a closing fence; a blank one turndown drops), a table with a row (a
 * pipe; one without writes nothing), a rule (`---`).
 */
function endsWithFence(block: Block): boolean {
  if (block.type === 'code') return /\S/.test(block.text);
  if (block.type === 'table') return (block.header ?? block.rows[0]) !== undefined;
  return block.type === 'rule';
}

/** One chunk's markdown as turndown writes it mid-document: no trailing newline, its start untrimmed (see renderMarkdown). */
function renderChunk(blocks: readonly Block[], htmlTables: boolean): string {
  const direct = blocks.map((block) => (block.type === 'table' ? directTable(block, htmlTables) : undefined));
  const html = blocks.map((block, i) => (direct[i] === undefined ? renderHtml([block]) : ''));
  const tables: string[] = [];
  const prefix = placeholderPrefix(html);
  direct.forEach((table, i) => {
    if (table === undefined || table === '') return;
    html[i] = `<p>${prefix}${tables.length}x</p>`;
    tables.push(table);
  });
  const markdown = turndown().turndown(html.join('\n'));
  if (tables.length === 0) return markdown;
  // split() with a capture group alternates text and captured indexes; the result is joined once.
  const parts = markdown.split(new RegExp(`${prefix}(\\d+)x`));
  // Every placeholder comes back exactly once; were one lost, the whole way through turndown is still right.
  if (parts.length !== tables.length * 2 + 1) return turndown().turndown(renderHtml(blocks));
  for (let i = 1; i < parts.length; i += 2) parts[i] = tables[Number(parts[i])];
  return parts.join('');
}

/** A table written here rather than by turndown: as HTML when asked and needed, else as a pipe table when gfmTable can. */
function directTable(table: Table, htmlTables: boolean): string | undefined {
  if (htmlTables && hasSpansOrHeaderRows(table)) return spannedTableHtml(table, inlineHtml);
  return gfmTable(table, markdownEscape);
}

/** Every block through HTML and turndown: the reference the direct tables must match. */
export function renderMarkdownViaHtml(blocks: readonly Block[]): string {
  const markdown = turndown().turndown(renderHtml(blocks)).trim();
  return markdown === '' ? '' : `${markdown}\n`;
}

/** turndown's escaping of one text node (with the `<` rule added above). */
export function markdownEscape(text: string): string {
  return turndown().escape(text);
}

/**
 * The start of the placeholder words, `DfTable<nonce>n` (then the table's index and
 * `x`): letters and digits only, so turndown neither escapes nor wraps them, with a
 * nonce that appears nowhere in the rest of the document.
 */
function placeholderPrefix(html: readonly string[]): string {
  let nonce = 0;
  while (html.some((piece) => piece.includes(`DfTable${nonce}n`))) nonce++;
  return `DfTable${nonce}n`;
}
