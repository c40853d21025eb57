import type { HTMLElement } from 'node-html-parser';
import { collapseWhitespace, tagOf } from './html-dom';

/**
 * Class or id words that name site chrome. Matched as whole words of the attribute
 * ("sidebar", "cookie-banner", "related-posts"), never as substrings ("address").
 * The nav compounds cover generated documentation: DocBook XSL (PostgreSQL, GNOME and
 * many other manuals) puts Prev/Up/Home/Next in div.navheader and div.navfooter on
 * every page; "topnav", "sidenav", "navlinks" and "navbox" are common elsewhere.
 */
const CHROME =
  /(?:^|[\s_-])(?:(?:top|side|sub)?nav(?:bar|header|footer|links|box)?|navigation|menu|sidebar|footer|cookies?|consent|gdpr|banner|related|comments?|share|sharing|social|ads?|advert|advertisement|promo|breadcrumbs?|newsletter|subscribe|popup|modal|masthead|skip)(?:$|[\s_-])/i;
/** Words that mark content even when a chrome word is there too ("main-nav-content"). */
const CONTENT = /(?:^|[\s_-])(?:article|content|main|post|entry|story|body)(?:$|[\s_-])/i;
/** A paragraph this long (without its link text) is content, wherever it sits. */
const SUBSTANTIAL = 80;

/**
 * The part of the page to read. With a single <main> / [role=main], or one dominant
 * <article>, that element is the content and chrome-named blocks inside it (share
 * bars, "related" lists, comments) are removed. Without them, the page is an article
 * page only when one block holds every substantial paragraph (a readability-style
 * test that cannot lose a paragraph by construction); then chrome-named blocks
 * outside it are removed too, but the <body> stays the root, so headings around the
 * block survive. Anything else is a plain document and is read whole: nothing is
 * dropped for its class name.
 */
export function contentRoot(root: HTMLElement): HTMLElement {
  const body = root.querySelector('body') ?? root;
  const explicit = markedContent(body);
  if (explicit) {
    pruneChrome(explicit, undefined);
    return explicit;
  }
  const block = dominantBlock(body);
  if (block) pruneChrome(body, block);
  return body;
}

function markedContent(body: HTMLElement): HTMLElement | undefined {
  const mains = body.querySelectorAll('main, [role="main"]');
  if (mains.length === 1) return mains[0];
  if (mains.length > 1) return undefined;
  const articles = body
    .querySelectorAll('article')
    .filter((article) => !ancestors(article).some((parent) => tagOf(parent) === 'article' || isChrome(parent)));
  if (articles.length === 1) return articles[0];
  // Several articles (a comment thread in <article>s): the main one must clearly outweigh the rest.
  const [first, second] = articles.map((article) => ({ article, size: textLength(article) })).sort((a, b) => b.size - a.size);
  return first && second && first.size >= 2 * second.size ? first.article : undefined;
}

/** The innermost element holding every substantial paragraph, when there are at least three and it is not the body. */
function dominantBlock(body: HTMLElement): HTMLElement | undefined {
  const paragraphs = body.querySelectorAll('p, pre, blockquote').filter((p) => ownText(p) >= SUBSTANTIAL && !ancestors(p).some(isChrome));
  if (paragraphs.length < 3) return undefined;
  let block: HTMLElement | null = paragraphs[0].parentNode;
  while (block && block !== body && !paragraphs.every((p) => ancestors(p).includes(block as HTMLElement))) block = block.parentNode;
  return block && block !== body ? block : undefined;
}

/** Removes chrome-named elements under `root`, except the content block and its ancestors. */
function pruneChrome(root: HTMLElement, block: HTMLElement | undefined): void {
  const keep = new Set(block ? [block, ...ancestors(block)] : []);
  for (const element of root.querySelectorAll('*')) {
    if (!keep.has(element) && isChrome(element) && element.parentNode) element.remove();
  }
}

function isChrome(element: HTMLElement): boolean {
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.trim();
  if (names === '' || CONTENT.test(names)) return false;
  return CHROME.test(names);
}

function ancestors(element: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (let parent = element.parentNode; parent; parent = parent.parentNode) out.push(parent);
  return out;
}

function textLength(element: HTMLElement): number {
  return collapseWhitespace(element.text).trim().length;
}

/** Text without the text of links: navigation is mostly links. */
function ownText(element: HTMLElement): number {
  const links = element.querySelectorAll('a').reduce((sum, a) => sum + textLength(a), 0);
  return textLength(element) - links;
}
