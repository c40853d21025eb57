import { type Block, type HeadingLevel, inlineText } from '../../document';
import { renderMarkdown } from '../markdown/render-markdown';
import type { PageGroup } from '../page-groups';
import { splitText } from './split-text';
import { countTokens } from './token-count';

/** One heading of the path a block sits under. */
export interface HeadingRef {
  level: HeadingLevel;
  text: string;
}

/**
 * The smallest piece the packer moves: a whole block when it fits in a chunk; when
 * it does not, a table row, a code line, a list or quote line, a sentence (see
 * splitText). A chunk is whole units joined: "\n\n" between blocks, `join` between
 * units of one block.
 */
export interface Unit {
  /** Markdown, as the markdown format writes the block (or this part of it). */
  text: string;
  tokens: number;
  page: number;
  /** The headings this unit sits under; a heading's own path ends with itself. */
  path: HeadingRef[];
  /** Set on a heading's unit. */
  heading?: HeadingLevel;
  /** Tables and code are never cut for an overlap; text is. */
  kind: 'heading' | 'text' | 'table' | 'code';
  /** The top-level block it belongs to (its index). */
  block: number;
  first: boolean;
  last: boolean;
  join: string;
  /** Repeated before the unit when a chunk starts with it in mid-block: a table's header rows, a code fence. */
  open: string;
  /** Added after the unit when a chunk ends with it in mid-block: the closing code fence. */
  close: string;
}

/** Every top-level block → units in document order, with their page and heading path. */
export function chunkUnits(groups: readonly PageGroup[], maxTokens: number): Unit[] {
  const units: Unit[] = [];
  let path: HeadingRef[] = [];
  let index = 0;
  for (const { page, blocks } of groups) {
    for (const block of blocks) {
      if (block.type === 'heading') {
        const text = inlineText(block.content).replace(/\s+/g, ' ').trim();
        path = [...path.filter((heading) => heading.level < block.level), { level: block.level, text }];
      }
      units.push(...blockUnits(block, { page: block.page ?? page, path, block: index++ }, maxTokens));
    }
  }
  return units;
}

type Where = Pick<Unit, 'page' | 'path' | 'block'>;

function blockUnits(block: Block, where: Where, maxTokens: number): Unit[] {
  // A thematic break says nothing a reader of a chunk needs.
  if (block.type === 'rule') return [];
  const markdown = renderMarkdown([block]).trim();
  if (markdown === '') return [];
  const kind = block.type === 'heading' ? 'heading' : block.type === 'table' ? 'table' : block.type === 'code' ? 'code' : 'text';
  const heading = block.type === 'heading' ? { heading: block.level } : {};
  const tokens = countTokens(markdown);
  if (tokens <= maxTokens)
    return [{ ...where, ...heading, text: markdown, tokens, kind, first: true, last: true, join: '', open: '', close: '' }];
  const lines = markdown.split('\n');
  if (kind === 'table' && lines.length > 2) return tableUnits(lines, where);
  if (kind === 'code' && lines.length > 2) return codeUnits(lines, where);
  return partUnits({ ...where, ...heading, kind, open: '', close: '' }, splitText(markdown, maxTokens));
}

type Part = { text: string; join: string; tokens?: number };

/** The units of a block cut in parts: all alike but for their text, the first and the last. */
function partUnits(common: Omit<Unit, 'text' | 'tokens' | 'first' | 'last' | 'join'>, parts: readonly Part[]): Unit[] {
  return parts.map((part, i) => ({
    ...common,
    text: part.text,
    tokens: part.tokens ?? countTokens(part.text),
    first: i === 0,
    last: i === parts.length - 1,
    join: part.join,
  }));
}

/**
 * A table longer than a chunk: one unit per row, never cut inside a row. A chunk
 * that starts in mid-table repeats the header line and divider (GFM needs them; for a
 * table without a header row, its first row, which the markdown format shows as one).
 */
function tableUnits(lines: readonly string[], where: Where): Unit[] {
  const header = `${lines[0]}\n${lines[1]}\n`;
  const rows = lines.slice(2).map((row, i) => ({ text: i === 0 ? header + row : row, join: '\n' }));
  return partUnits({ ...where, kind: 'table', open: header, close: '' }, rows);
}

/** A code block longer than a chunk: one unit per line, each part fenced again with the block's fence and language. */
function codeUnits(lines: readonly string[], where: Where): Unit[] {
  const opening = `${lines[0]}\n`;
  const closing = `\n${lines[lines.length - 1]}`;
  const body = lines.slice(1, -1);
  const parts = body.map((line, i) => ({ text: (i === 0 ? opening : '') + line + (i === body.length - 1 ? closing : ''), join: '\n' }));
  return partUnits({ ...where, kind: 'code', open: opening, close: closing }, parts);
}
