import type { HTMLElement } from 'node-html-parser';
import { LIST_MARKER_PREFIX } from './list-numbering';

/**
 * Applies the labels list-numbering.ts put on the list paragraphs to mammoth's HTML,
 * so lists read as Word shows them: a list resumed after a code block becomes
 * `<ol start="3">`, a level that a list instance turns into bullets becomes `<ul>`,
 * and where mammoth ran two adjacent lists into one `<ol>` (it groups items by level
 * and kind only) the list is split where the numbering restarts. The marker anchors
 * are removed everywhere, also from paragraphs mammoth did not make list items.
 */
export function applyListMarkers(root: HTMLElement): void {
  const markers = root.querySelectorAll('a[id]').filter((anchor) => (anchor.getAttribute('id') ?? '').startsWith(LIST_MARKER_PREFIX));
  const labels = new Map<HTMLElement, Label>();
  for (const marker of markers) {
    const item = closest(marker, 'li');
    // A paragraph whose deleted mark merged it into the next one brings two markers: the last is the item's own.
    if (item) labels.set(item, parseLabel((marker.getAttribute('id') ?? '').slice(LIST_MARKER_PREFIX.length)));
    marker.remove();
  }
  // Innermost lists first: an outer list that is split is rewritten with its items' HTML.
  for (const list of root.querySelectorAll('ol, ul').reverse()) {
    const groups = splitAtRestarts(list.childNodes.filter(isItem), labels);
    if (groups.length <= 1) relabel(list, groups[0]?.label);
    // Rare, and reparsing is costly on a long page: only a list that splits is rebuilt.
    else list.replaceWith(groups.map((group) => listHtml(list, group)).join(''));
  }
}

/** A number for an item of an ordered list, 'bullet' for the others. */
type Label = number | 'bullet';

interface Group {
  items: HTMLElement[];
  /** The label of the first item the HTML reader keeps (it drops empty items). */
  label?: Label;
}

function splitAtRestarts(items: HTMLElement[], labels: ReadonlyMap<HTMLElement, Label>): Group[] {
  const groups: Group[] = [];
  let last: Label | undefined;
  for (const item of items) {
    const label = labels.get(item);
    const continues =
      label === undefined || last === undefined || (label === 'bullet' ? last === 'bullet' : last !== 'bullet' && label === last + 1);
    if (!continues || groups.length === 0) groups.push({ items: [] });
    const group = groups[groups.length - 1];
    group.items.push(item);
    if (group.label === undefined && !isEmpty(item)) group.label = label;
    if (label !== undefined) last = label;
  }
  return groups;
}

function relabel(list: HTMLElement, label: Label | undefined): void {
  if (label === undefined) return;
  list.tagName = label === 'bullet' ? 'ul' : 'ol';
  if (label === 'bullet' || label === 1) list.removeAttribute('start');
  else list.setAttribute('start', String(label));
}

function listHtml(list: HTMLElement, group: Group): string {
  const items = group.items.map((item) => item.outerHTML).join('');
  if (group.label === undefined) return `<${list.rawTagName}>${items}</${list.rawTagName}>`;
  if (group.label === 'bullet') return `<ul>${items}</ul>`;
  return group.label === 1 ? `<ol>${items}</ol>` : `<ol start="${group.label}">${items}</ol>`;
}

function parseLabel(text: string): Label {
  const number = Number(text);
  return text !== 'bullet' && Number.isInteger(number) ? number : 'bullet';
}

function isItem(node: { nodeType: number }): node is HTMLElement {
  return node.nodeType === 1 && (node as HTMLElement).tagName === 'LI';
}

function isEmpty(item: HTMLElement): boolean {
  return item.text.trim() === '' && !item.querySelector('img');
}

function closest(element: HTMLElement, tag: string): HTMLElement | undefined {
  for (let node = element.parentNode; node; node = node.parentNode) if (node.tagName === tag.toUpperCase()) return node;
  return undefined;
}
