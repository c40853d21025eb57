import type { Element } from '@xmldom/xmldom';
import {
  type Block,
  type HeadingLevel,
  type Inline,
  type List,
  type ListItem,
  type TableRow,
  isBlankInline,
  normalizeInline,
} from '../../document';
import { xmlChildren } from '../office/office-xml';
import { type InlineContext, odtInline } from './odt-inline';
import { type ListCounters, OdtListNumbering } from './odt-list-numbering';
import { TABLE_NS, TEXT_NS } from './odt-namespaces';
import type { OdtStyles } from './odt-styles';

interface ListContext {
  /** The list style in force: nested lists inherit the outer list's. */
  style?: string;
  level: number;
  numbering: OdtListNumbering;
  /** The counters of the top-level list, which its nested lists count with. */
  counters?: ListCounters;
}

/** A list item with its number; undefined for an item that shows none (a list header). */
interface NumberedItem extends ListItem {
  value?: number;
}

/** Generated content (tables of contents, indexes) repeats the document's own text. */
const GENERATED = new Set([
  'table-of-content',
  'alphabetical-index',
  'illustration-index',
  'table-index',
  'object-index',
  'user-index',
  'bibliography',
  'tracked-changes',
  'sequence-decls',
  'variable-decls',
  'user-field-decls',
]);

/** Repeated rows/columns are how spreadsheets pad; a text table never needs more. */
const MAX_REPEAT = 100;

/** `office:text` → blocks, with the notes after a rule at the end. */
export function odtBlocks(body: Element, styles: OdtStyles): Block[] {
  const context: InlineContext = { styles, notes: [] };
  const top: ListContext = { level: 0, numbering: new OdtListNumbering(styles) };
  const blocks = blocksOf(body, context, top);
  if (context.notes.length === 0) return blocks;
  // Notes are read after the text; their bodies cannot hold notes themselves.
  const items: ListItem[] = context.notes.map((note) => ({ blocks: blocksOf(note, context, top) }));
  return [...blocks, { type: 'rule' }, { type: 'list', ordered: true, items }];
}

function blocksOf(container: Element, context: InlineContext, list: ListContext): Block[] {
  const blocks: Block[] = [];
  for (const child of xmlChildren(container)) {
    const name = child.localName ?? '';
    if (child.namespaceURI === TABLE_NS) {
      if (name === 'table') blocks.push(...table(child, context));
      continue;
    }
    if (child.namespaceURI !== TEXT_NS || GENERATED.has(name)) continue;
    switch (name) {
      case 'h':
        pushHeading(blocks, headingLevel(child), odtInline(child, context));
        break;
      case 'p':
        if (context.styles.isTitle(child.getAttributeNS(TEXT_NS, 'style-name'))) pushHeading(blocks, 1, odtInline(child, context));
        else pushParagraph(blocks, odtInline(child, context));
        break;
      case 'list':
        blocks.push(...listBlock(child, context, list));
        break;
      default:
        // text:section, text:index-body and other containers hold ordinary blocks.
        blocks.push(...blocksOf(child, context, list));
    }
  }
  return blocks;
}

function headingLevel(heading: Element): HeadingLevel {
  const level = Number(heading.getAttributeNS(TEXT_NS, 'outline-level') ?? '1');
  return (Number.isInteger(level) ? Math.min(Math.max(level, 1), 6) : 1) as HeadingLevel;
}

function pushHeading(blocks: Block[], level: HeadingLevel, content: Inline[]): void {
  // A heading's own style makes it bold; the heading level already says so.
  const normalized = normalizeInline(plain(content));
  if (!isBlankInline(normalized)) blocks.push({ type: 'heading', level, content: normalized });
}

function pushParagraph(blocks: Block[], content: Inline[]): void {
  const normalized = normalizeInline(content);
  if (!isBlankInline(normalized)) blocks.push({ type: 'paragraph', content: normalized });
}

function plain(content: Inline[]): Inline[] {
  return content.flatMap((node) => (node.type === 'strong' || node.type === 'emphasis' ? plain(node.content) : [node]));
}

function listBlock(element: Element, context: InlineContext, outer: ListContext): Block[] {
  const style = element.getAttributeNS(TEXT_NS, 'style-name') || outer.style;
  const counters = outer.counters ?? outer.numbering.countersFor(element, style);
  const list: ListContext = { style, level: outer.level + 1, numbering: outer.numbering, counters };
  const items: NumberedItem[] = [];
  for (const item of xmlChildren(element)) {
    if (item.namespaceURI !== TEXT_NS || (item.localName !== 'list-item' && item.localName !== 'list-header')) continue;
    // Numbered before its content is read: a new item restarts the sub-lists inside it.
    const value = list.numbering.next(counters, item, style, list.level);
    const blocks = blocksOf(item, context, list);
    if (blocks.length === 0) continue;
    const previous = items[items.length - 1];
    // An item that holds only a nested list shows no label of its own: it is the previous item's sub-list.
    if (value === undefined && item.localName === 'list-item' && previous) previous.blocks.push(...blocks);
    else items.push(value === undefined ? { blocks } : { blocks, value });
  }
  if (items.length === 0) return [];
  if (!context.styles.isOrdered(style, list.level))
    return [{ type: 'list', ordered: false, items: items.map(({ blocks }) => ({ blocks })) }];
  return numberedLists(items);
}

/**
 * Ordered lists whose items count on from the list's start, as the IR has it: split
 * where an item restarts the count (`text:start-value` in the middle of a list).
 */
function numberedLists(items: NumberedItem[]): List[] {
  const lists: { items: NumberedItem[] }[] = [];
  let last: number | undefined;
  for (const item of items) {
    if (lists.length === 0 || (item.value !== undefined && last !== undefined && item.value !== last + 1)) lists.push({ items: [] });
    lists[lists.length - 1].items.push(item);
    if (item.value !== undefined) last = item.value;
  }
  return lists.map((group) => {
    // A list header before the first number takes the number before it, so the numbered items keep theirs.
    const index = group.items.findIndex((item) => item.value !== undefined);
    const start = index < 0 ? 1 : Math.max(0, group.items[index].value! - index);
    return { type: 'list', ordered: true, ...(start !== 1 ? { start } : {}), items: group.items.map(({ blocks }) => ({ blocks })) };
  });
}

/** A rectangle: covered (merged) cells are empty, the header is table:table-header-rows. */
function table(element: Element, context: InlineContext): Block[] {
  const header: TableRow[] = [];
  const rows: TableRow[] = [];
  const readRows = (group: Element, into: TableRow[]) => {
    for (const child of xmlChildren(group)) {
      if (child.namespaceURI !== TABLE_NS) continue;
      if (child.localName === 'table-row') into.push(...repeat(child, 'number-rows-repeated', () => rowCells(child, context)));
      else if (child.localName === 'table-header-rows') readRows(child, header);
      else if (child.localName === 'table-rows' || child.localName === 'table-row-group') readRows(child, into);
    }
  };
  readRows(element, rows);
  const all = [...header, ...rows].filter((row) => row.some((cell) => !isBlankInline(cell)));
  if (all.length === 0) return [];
  const width = Math.max(...all.map((row) => lastFilled(row) + 1));
  const pad = (row: TableRow): TableRow => Array.from({ length: width }, (_, i) => row[i] ?? []);
  const [first, ...rest] = all.map(pad);
  return [header.length > 0 ? { type: 'table', header: first, rows: rest } : { type: 'table', rows: [first, ...rest] }];
}

function rowCells(row: Element, context: InlineContext): TableRow {
  return xmlChildren(row)
    .filter((cell) => cell.namespaceURI === TABLE_NS && (cell.localName === 'table-cell' || cell.localName === 'covered-table-cell'))
    .flatMap((cell) => repeat(cell, 'number-columns-repeated', () => cellContent(cell, context)));
}

/** A cell is one line: its paragraphs (and nested lists' paragraphs) joined by spaces. */
function cellContent(cell: Element, context: InlineContext): Inline[] {
  const content = paragraphsIn(cell).flatMap((p): Inline[] => [{ type: 'text', text: ' ' }, ...odtInline(p, context)]);
  return normalizeInline(content.map((node): Inline => (node.type === 'break' ? { type: 'text', text: ' ' } : node)));
}

/** The outermost paragraphs below `node` (a note inside one is read with it). */
function paragraphsIn(node: Element): Element[] {
  return xmlChildren(node).flatMap((child) =>
    child.namespaceURI === TEXT_NS && (child.localName === 'p' || child.localName === 'h') ? [child] : paragraphsIn(child),
  );
}

function repeat<T>(element: Element, attribute: string, make: () => T): T[] {
  const count = Number(element.getAttributeNS(TABLE_NS, attribute) ?? '1');
  const value = make();
  return Array.from({ length: Number.isInteger(count) ? Math.min(Math.max(count, 1), MAX_REPEAT) : 1 }, () => value);
}

function lastFilled(row: TableRow): number {
  for (let i = row.length - 1; i >= 0; i--) if (!isBlankInline(row[i])) return i;
  return 0;
}
