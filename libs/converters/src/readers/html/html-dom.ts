import type { HTMLElement, Node } from 'node-html-parser';

/** node-html-parser's NodeType values; compared as numbers so the parser loads lazily. */
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

export function isElement(node: Node): node is HTMLElement {
  return node.nodeType === ELEMENT_NODE;
}

export function isText(node: Node): boolean {
  return node.nodeType === TEXT_NODE;
}

export function tagOf(element: HTMLElement): string {
  return (element.tagName ?? '').toLowerCase();
}

export function childElements(element: HTMLElement, ...tags: string[]): HTMLElement[] {
  return element.childNodes.filter(isElement).filter((child) => tags.includes(tagOf(child)));
}

/** HTML whitespace collapses to one space; a no-break space is just a space in our outputs. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ');
}

/** Elements that are never content: scripts, styles, forms, embedded media, widgets. */
const NEVER_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'nav',
  'aside',
  'form',
  'button',
  'input',
  'select',
  'option',
  'textarea',
  'label',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'video',
  'audio',
  'map',
  'dialog',
  'img',
  'picture',
]);

/** ARIA landmarks that mark site chrome rather than the page's content. */
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'dialog']);

/**
 * `insideContent` is true below <main>, <article> or <section>: a <header>/<footer>
 * there belongs to the content (an article's byline), while one directly under <body>
 * is site chrome.
 */
export function isDropped(element: HTMLElement, insideContent: boolean): boolean {
  const tag = tagOf(element);
  if (NEVER_CONTENT.has(tag)) return true;
  if ((tag === 'header' || tag === 'footer') && !insideContent) return true;
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  const role = element.getAttribute('role');
  return role !== undefined && CHROME_ROLES.has(role.toLowerCase());
}

export function startsContent(element: HTMLElement): boolean {
  return ['main', 'article', 'section'].includes(tagOf(element)) || element.getAttribute('role') === 'main';
}
