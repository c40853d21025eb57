import { type Block, type Inline, type List, type TableCell, isBlankInline, normalizeInline } from '../../document';
import type { Relationship } from './pptx-package';
import { type XmlElement, attr, child, children, path, relAttr } from './pptx-xml';

/** How paragraphs without their own bullet settings are meant: a body placeholder's are bullets. */
export interface TextContext {
  bulletsByDefault: boolean;
  /** The slide's relationships, for hyperlink targets. */
  rels: Map<string, Relationship>;
}

interface ParagraphLine {
  content: Inline[];
  /** undefined: not a list item. */
  list?: { level: number; ordered: boolean; start?: number };
}

/**
 * DrawingML text (`p:txBody` / `a:txBody`) → blocks. Bullets are inherited from the
 * master in real decks, so a paragraph is a list item when it says so (`a:buChar`,
 * `a:buAutoNum`) or when it sits in a body placeholder and does not opt out with
 * `a:buNone`. `a:pPr lvl` (0-8) becomes list nesting.
 */
export function textBodyBlocks(txBody: XmlElement | undefined, context: TextContext): Block[] {
  const lines = children(txBody, 'p')
    .map((p) => paragraphLine(p, context))
    .filter((line) => !isBlankInline(line.content));
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!lines[i].list) {
      blocks.push({ type: 'paragraph', content: lines[i++].content });
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].list) end++;
    blocks.push(nestList(lines.slice(i, end)));
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
  const start = Number(attr(autoNum, 'startAt'));
  return {
    content: normalizeInline(children(p).flatMap((node) => runInline(node, context))),
    list: bulleted ? { level, ordered: !!autoNum, start: start > 1 ? start : undefined } : undefined,
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

/** Consecutive list paragraphs → one list, deeper `lvl` nested under the item before. */
function nestList(lines: ParagraphLine[]): List {
  const first = lines[0].list!;
  const root: List = { type: 'list', ordered: first.ordered, start: first.start, items: [] };
  const stack: { list: List; level: number }[] = [{ list: root, level: first.level }];
  for (const line of lines) {
    const { level, ordered, start } = line.list!;
    while (stack.length > 1 && level < stack[stack.length - 1].level) stack.pop();
    const top = stack[stack.length - 1];
    const parent = top.list.items[top.list.items.length - 1];
    if (level > top.level && parent) {
      const sub: List = { type: 'list', ordered, start, items: [] };
      parent.blocks.push(sub);
      stack.push({ list: sub, level });
    }
    stack[stack.length - 1].list.items.push({ blocks: [{ type: 'paragraph', content: line.content }] });
  }
  return root;
}
