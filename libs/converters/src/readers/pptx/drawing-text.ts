import { type Block, type Inline, type List, type TableCell, isBlankInline, normalizeInline } from '../../document';
import { type NumberedParagraph, autoNumbers } from './auto-numbering';
import type { Relationship } from './pptx-package';
import { type XmlElement, attr, child, children, path, relAttr } from './pptx-xml';

/** How paragraphs without their own bullet settings are meant: a body placeholder's are bullets. */
export interface TextContext {
  bulletsByDefault: boolean;
  /** The slide's relationships, for hyperlink targets. */
  rels: Map<string, Relationship>;
}

interface ParagraphLine extends NumberedParagraph {
  content: Inline[];
  /** undefined: not a list item. `value`: the number an auto-numbered item shows. */
  list?: { level: number; ordered: boolean; value?: number };
}

/**
 * DrawingML text (`p:txBody` / `a:txBody`) → blocks. Bullets are inherited from the
 * master in real decks, so a paragraph is a list item when it says so (`a:buChar`,
 * `a:buAutoNum`) or when it sits in a body placeholder and does not opt out with
 * `a:buNone`. `a:pPr lvl` (0-8) becomes list nesting; numbered items carry the
 * number PowerPoint would show (auto-numbering.ts), so a list resumed after an
 * indented paragraph goes on where it stopped.
 */
export function textBodyBlocks(txBody: XmlElement | undefined, context: TextContext): Block[] {
  const lines = children(txBody, 'p')
    .map((p) => paragraphLine(p, context))
    .filter((line) => !isBlankInline(line.content));
  autoNumbers(lines).forEach((value, index) => {
    const list = lines[index].list;
    if (list && value !== undefined) list.value = value;
  });
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length;) {
    if (!lines[i].list) {
      blocks.push({ type: 'paragraph', content: lines[i++].content });
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].list) end++;
    blocks.push(...nestLists(lines.slice(i, end)));
    i = end;
  }
  return blocks;
}

/** The inline text of a table cell: its paragraphs joined by line breaks. */
export function textBodyInline(txBody: XmlElement | undefined, context: TextContext): TableCell {
  const paragraphs = children(txBody, 'p')
    .map((p) => paragraphLine(p, context).content)
    .filter((content) => !isBlankInline(content));
  return paragraphs.flatMap((content, index): Inline[] => (index === 0 ? content : [{ type: 'break' }, ...content]));
}

function paragraphLine(p: XmlElement, context: TextContext): ParagraphLine {
  const pPr = child(p, 'pPr');
  const level = Math.min(Math.max(Number(attr(pPr, 'lvl') ?? 0) || 0, 0), 8);
  const autoNum = child(pPr, 'buAutoNum');
  const bulleted = !child(pPr, 'buNone') && (context.bulletsByDefault || !!autoNum || !!child(pPr, 'buChar'));
  const startAt = Number(attr(autoNum, 'startAt'));
  const numbered = bulleted && autoNum !== undefined;
  return {
    content: normalizeInline(children(p).flatMap((node) => runInline(node, context))),
    level,
    ...(numbered
      ? { autoNum: { scheme: attr(autoNum, 'type') ?? '', ...(Number.isInteger(startAt) && startAt > 0 ? { startAt } : {}) } }
      : {}),
    list: bulleted ? { level, ordered: numbered } : undefined,
  };
}

function runInline(node: XmlElement, context: TextContext): Inline[] {
  if (node.localName === 'br') return [{ type: 'break' }];
  if (node.localName !== 'r' && node.localName !== 'fld') return [];
  const text = (child(node, 't')?.textContent ?? '').replace(/\s+/g, ' ');
  if (text === '') return [];
  const rPr = child(node, 'rPr');
  let inline: Inline = { type: 'text', text };
  if (isOn(attr(rPr, 'i'))) inline = { type: 'emphasis', content: [inline] };
  if (isOn(attr(rPr, 'b'))) inline = { type: 'strong', content: [inline] };
  const link = context.rels.get(relAttr(path(rPr, 'hlinkClick'), 'id') ?? '');
  if (link?.external) inline = { type: 'link', href: link.target, content: [inline] };
  return [inline];
}

function isOn(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/**
 * Consecutive list paragraphs → lists, deeper `lvl` nested under the item before. A
 * numbered list starts at its first item's number; an item whose kind or number does
 * not follow on from the list at its level starts a new list there.
 */
function nestLists(lines: ParagraphLine[]): List[] {
  const roots: List[] = [];
  const stack: { list: List; level: number }[] = [];
  for (const line of lines) {
    const item = line.list!;
    while (stack.length > 1 && item.level < stack[stack.length - 1].level) stack.pop();
    const top = stack[stack.length - 1];
    const parent = top?.list.items[top.list.items.length - 1];
    if (top && item.level > top.level && parent) {
      const sub = newList(item);
      parent.blocks.push(sub);
      stack.push({ list: sub, level: item.level });
    } else if (!top || !followsOn(top.list, item)) {
      const list = newList(item);
      const outer = stack[stack.length - 2];
      if (outer) outer.list.items[outer.list.items.length - 1].blocks.push(list);
      else roots.push(list);
      stack[Math.max(stack.length - 1, 0)] = { list, level: top?.level ?? item.level };
    }
    stack[stack.length - 1].list.items.push({ blocks: [{ type: 'paragraph', content: line.content }] });
  }
  return roots;
}

function newList(item: NonNullable<ParagraphLine['list']>): List {
  const start = item.ordered && item.value !== undefined && item.value !== 1 ? item.value : undefined;
  return { type: 'list', ordered: item.ordered, ...(start !== undefined ? { start } : {}), items: [] };
}

function followsOn(list: List, item: NonNullable<ParagraphLine['list']>): boolean {
  if (list.ordered !== item.ordered) return false;
  return !item.ordered || item.value === undefined || item.value === (list.start ?? 1) + list.items.length;
}
