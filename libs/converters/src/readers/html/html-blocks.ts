import type { HTMLElement, Node } from 'node-html-parser';
import { type Block, type HeadingLevel, type Inline, type ListItem, isBlankInline, normalizeInline } from '../../document';
import { childElements, isDropped, isElement, startsContent, tagOf } from './html-dom';
import { inlineOf } from './html-inline';
import { codeLanguage } from './code-language';
import { imageBlock, onlyImages, pictureImage } from './html-image';
import { tableBlock } from './html-table';

const HEADING = /^h([1-6])$/;

/**
 * Block content of an element. Loose inline content between blocks (text directly in
 * a <div>, say) becomes its own paragraph, as a browser would show it.
 */
export function blocksOf(container: HTMLElement, insideContent: boolean): Block[] {
  return blocksOfNodes(container.childNodes, insideContent);
}

function blocksOfNodes(nodes: readonly Node[], insideContent: boolean): Block[] {
  const blocks: Block[] = [];
  let pending: Node[] = [];
  const flush = () => {
    pushParagraph(blocks, inlineOf(pending, insideContent));
    pending = [];
  };
  for (const node of nodes) {
    const block = isElement(node) ? blockElement(node, insideContent) : undefined;
    if (block === undefined) {
      pending.push(node);
    } else {
      flush();
      blocks.push(...block);
    }
  }
  flush();
  return blocks;
}

/** The blocks an element stands for, or undefined when it is inline content. */
function blockElement(element: HTMLElement, insideContent: boolean): Block[] | undefined {
  const tag = tagOf(element);
  // Pictures are never text content (html-dom.ts drops them inline), but one standing
  // between blocks, or alone in a paragraph, is an image block with its description.
  if (tag === 'img') return imageBlock(element);
  if (tag === 'picture') return pictureBlocks(element);
  if (isDropped(element, insideContent)) return [];
  const inner = insideContent || startsContent(element);
  const heading = HEADING.exec(tag);
  if (heading) {
    const content = normalizeInline(inlineOf(element.childNodes, inner));
    return isBlankInline(content) ? [] : [{ type: 'heading', level: Number(heading[1]) as HeadingLevel, content }];
  }
  switch (tag) {
    case 'p':
      return onlyImages(element)?.flatMap(imageBlock) ?? paragraphs(inlineOf(element.childNodes, inner));
    case 'ul':
    case 'ol':
      return listBlock(element, inner);
    case 'pre':
      return [{ type: 'code', language: codeLanguage(element), text: element.text.replace(/\n$/, '') }];
    case 'blockquote':
      return [{ type: 'quote', blocks: blocksOf(element, inner) }];
    case 'hr':
      return [{ type: 'rule' }];
    case 'table':
      // A table that holds tables lays out a page; its cells are ordinary content.
      return element.querySelector('table') ? cellBlocks(element, inner) : tableBlock(element, inner);
    case 'div':
    case 'section':
    case 'article':
    case 'main':
    case 'body':
    case 'html':
    case 'header':
    case 'footer':
    case 'figure':
    case 'figcaption':
    case 'details':
    case 'summary':
    case 'address':
    case 'center':
    case 'hgroup':
    case 'dl':
    case 'dt':
    case 'dd':
    case 'li':
    case 'fieldset':
    case 'caption':
      return blocksOf(element, inner);
    default:
      return undefined;
  }
}

function pictureBlocks(picture: HTMLElement): Block[] {
  const image = pictureImage(picture);
  return image ? imageBlock(image) : [];
}

function paragraphs(content: Inline[]): Block[] {
  const blocks: Block[] = [];
  pushParagraph(blocks, content);
  return blocks;
}

function pushParagraph(blocks: Block[], content: Inline[]): void {
  const normalized = normalizeInline(content);
  if (!isBlankInline(normalized)) blocks.push({ type: 'paragraph', content: normalized });
}

/**
 * A list's items. Content written directly in the list, outside any <li> (a sub-list
 * nested without its item, or items whose tags cap-html-depth.ts removed), is shown
 * as a browser shows it: with the item before it, or as an item of its own.
 */
function listBlock(list: HTMLElement, insideContent: boolean): Block[] {
  const items: ListItem[] = [];
  let loose: Node[] = [];
  const flushLoose = () => {
    const blocks = blocksOfNodes(loose, insideContent);
    loose = [];
    if (blocks.length === 0) return;
    if (items.length > 0) items[items.length - 1].blocks.push(...blocks);
    else items.push({ blocks });
  };
  for (const node of list.childNodes) {
    if (isElement(node) && tagOf(node) === 'li') {
      flushLoose();
      items.push({ blocks: blocksOf(node, insideContent) });
    } else {
      loose.push(node);
    }
  }
  flushLoose();
  const kept = items.filter((item) => item.blocks.length > 0);
  if (kept.length === 0) return [];
  const ordered = tagOf(list) === 'ol';
  const start = Number(list.getAttribute('start') ?? '1');
  return [{ type: 'list', ordered, ...(ordered && Number.isInteger(start) && start !== 1 ? { start } : {}), items: kept }];
}

/** Layout tables: the rows and cells are only boxes, so read their content in order. */
function cellBlocks(table: HTMLElement, insideContent: boolean): Block[] {
  const rows = [table, ...childElements(table, 'thead', 'tbody', 'tfoot')].flatMap((group) => childElements(group, 'tr'));
  return rows.flatMap((row) => childElements(row, 'td', 'th')).flatMap((cell) => blocksOf(cell, insideContent));
}
