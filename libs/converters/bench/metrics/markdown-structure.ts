import { normalizeItem, stripInlineMarkdown } from './tokens';

export interface Heading {
  level: number;
  /** Normalised with normalizeItem(). */
  text: string;
}

/** What the benchmark compares in a markdown document; every text is normalised. */
export interface MarkdownStructure {
  headings: Heading[];
  listItems: string[];
  /** Non-empty cells of GFM pipe tables, header row included, in reading order. */
  tableCells: string[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const LIST_ITEM = /^\s*(?:([-*+])|(\d{1,9})[.)])[ \t]+(.*)$/;
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const BLOCKQUOTE = /^\s*>\s?/;

/** A markdown line, tagged with what it is; fenced code is recognised first. */
type Line =
  | { kind: 'code'; text: string }
  | { kind: 'fence' }
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; marker: string; text: string }
  | { kind: 'table-row'; cells: string[] }
  | { kind: 'table-delimiter' }
  | { kind: 'text'; text: string };

/** The cells of a pipe-table row: split on unescaped `|`, outer pipes dropped. */
export function splitTableRow(row: string): string[] {
  const cells = row
    .trim()
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').trim());
  if (cells[0] === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

function classify(markdown: string): Line[] {
  const source = markdown.replace(/\r\n?/g, '\n').split('\n');
  const lines: Line[] = [];
  let fence: string | null = null;
  let inTable = false;
  for (let i = 0; i < source.length; i++) {
    const raw = source[i];
    const fenceMatch = FENCE.exec(raw);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && raw.trim() === fenceMatch[1]) {
        fence = null;
        lines.push({ kind: 'fence' });
      } else {
        lines.push({ kind: 'code', text: raw });
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      lines.push({ kind: 'fence' });
      continue;
    }
    // A pipe table: a row with a pipe, then a delimiter row; it runs while lines have pipes.
    if (!inTable && raw.includes('|') && i + 1 < source.length && DELIMITER_ROW.test(source[i + 1]) && source[i + 1].includes('-')) {
      inTable = true;
      lines.push({ kind: 'table-row', cells: splitTableRow(raw) });
      lines.push({ kind: 'table-delimiter' });
      i += 1;
      continue;
    }
    if (inTable) {
      if (raw.includes('|')) {
        lines.push({ kind: 'table-row', cells: splitTableRow(raw) });
        continue;
      }
      inTable = false;
    }
    const text = raw.replace(BLOCKQUOTE, '');
    const heading = ATX_HEADING.exec(text);
    if (heading) {
      lines.push({ kind: 'heading', level: heading[1].length, text: heading[2] ?? '' });
      continue;
    }
    const item = LIST_ITEM.exec(text);
    if (item) {
      lines.push({ kind: 'list', marker: item[1] ?? `${item[2]}.`, text: item[3] });
      continue;
    }
    lines.push({ kind: 'text', text });
  }
  return lines;
}

/**
 * Headings (ATX only), list items (`-`, `*`, `+`, `1.`, `1)` lines, any indentation;
 * one line per item) and pipe-table cells of a markdown document, outside fenced code.
 * Setext headings, HTML tables and multi-line list items are not recognised: the
 * benchmark asks every tool for ATX headings, pipe tables and unwrapped lines.
 */
export function extractMarkdownStructure(markdown: string): MarkdownStructure {
  const structure: MarkdownStructure = { headings: [], listItems: [], tableCells: [] };
  for (const line of classify(markdown)) {
    if (line.kind === 'heading') {
      const text = normalizeItem(line.text);
      if (text !== '') structure.headings.push({ level: line.level, text });
    } else if (line.kind === 'list') {
      const text = normalizeItem(line.text);
      if (text !== '') structure.listItems.push(text);
    } else if (line.kind === 'table-row') {
      for (const cell of line.cells) {
        const text = normalizeItem(cell);
        if (text !== '') structure.tableCells.push(text);
      }
    }
  }
  return structure;
}

/**
 * The visible text of a markdown document, used as the plain-text ground truth of
 * the authored documents: heading and bullet markers, fences, table delimiter rows,
 * pipes, link targets and images are dropped; the numbers of ordered list items are
 * kept (every rendering shows them); code is kept as it is.
 */
export function markdownToPlainText(markdown: string): string {
  const out: string[] = [];
  for (const line of classify(markdown)) {
    switch (line.kind) {
      case 'code':
        out.push(line.text);
        break;
      case 'fence':
      case 'table-delimiter':
        break;
      case 'heading':
        out.push(stripInlineMarkdown(line.text));
        break;
      case 'list': {
        const number = /^\d/.test(line.marker) ? `${line.marker} ` : '';
        out.push(number + stripInlineMarkdown(line.text));
        break;
      }
      case 'table-row':
        out.push(line.cells.map(stripInlineMarkdown).join('\t'));
        break;
      case 'text':
        out.push(stripInlineMarkdown(line.text));
        break;
    }
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
