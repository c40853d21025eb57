import type { DocumentMetadata } from '@docformat/contracts';
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import type { Block, Inline, IntermediateDocument } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import { shiftHeadings } from '../blocks/shift-headings';
import { textToBlocks } from '../text/text.reader';
import { childElements, childText, isoDate, localNameOf } from './xml-elements';

interface FeedItem {
  title?: string;
  link?: string;
  date?: string;
  author?: string;
  /** Item body and whether it is HTML (RSS always; Atom unless type="text"). */
  body?: { text: string; html: boolean };
}

/** The channel (RSS) or feed (Atom) element when `root` is a feed, else undefined. */
export function feedChannel(root: Element): Element | undefined {
  const name = localNameOf(root);
  if (name === 'feed') return root;
  if (name === 'rss') return childElements(root, 'channel')[0];
  // RSS 1.0: <rdf:RDF> holds the channel and, beside it, the items.
  if (name === 'RDF' && childElements(root, 'channel').length > 0) return root;
  return undefined;
}

/**
 * A feed is a list of items: the feed title is the H1 and every item a `##` section
 * with its link, date and author, then its content read by the HTML reader.
 */
export function feedToDocument(root: Element, channel: Element): IntermediateDocument {
  const atom = localNameOf(root) === 'feed';
  const info = atom ? root : localNameOf(root) === 'RDF' ? childElements(root, 'channel')[0] : channel;
  const title = childText(info, 'title') ?? 'Feed';
  const description = childText(info, 'description', 'subtitle', 'tagline');
  const metadata: DocumentMetadata = {
    title,
    ...(description ? { subject: description } : {}),
    ...optional('language', childText(info, 'language') ?? root.getAttribute('xml:lang') ?? undefined),
    ...optional('author', atom ? authorOf(root) : childText(info, 'managingEditor', 'creator')),
    // Metadata dates are ISO 8601 or absent; the item lines may show a date as written.
    ...optional(
      'modifiedAt',
      isoDate(childText(info, atom ? 'updated' : 'lastBuildDate', 'pubDate', 'date'))?.match(/^\d{4}-\d\d-\d\dT.*Z$/)?.[0],
    ),
  };
  const blocks: Block[] = [{ type: 'heading', level: 1, content: [{ type: 'text', text: title }] }];
  if (description) blocks.push({ type: 'paragraph', content: [{ type: 'text', text: description }] });
  const items = atom ? childElements(root, 'entry').map(atomEntry) : childElements(channel, 'item').map(rssItem);
  for (const item of items) blocks.push(...itemBlocks(item));
  return { pages: 1, metadata, blocks };
}

function rssItem(item: Element): FeedItem {
  const guid = childElements(item, 'guid')[0];
  const permalink = guid && guid.getAttribute('isPermaLink') !== 'false' ? guid.textContent?.trim() : undefined;
  const body = childText(item, 'encoded', 'description');
  return {
    title: childText(item, 'title'),
    link: childText(item, 'link') ?? permalink,
    date: isoDate(childText(item, 'pubDate', 'date')),
    author: childText(item, 'creator', 'author'),
    body: body ? { text: body, html: true } : undefined,
  };
}

function atomEntry(entry: Element): FeedItem {
  const links = childElements(entry, 'link');
  const link = links.find((candidate) => (candidate.getAttribute('rel') ?? 'alternate') === 'alternate') ?? links[0];
  const content = childElements(entry, 'content')[0] ?? childElements(entry, 'summary')[0];
  return {
    title: childText(entry, 'title'),
    link: link?.getAttribute('href')?.trim() || undefined,
    date: isoDate(childText(entry, 'published', 'updated')),
    author: authorOf(entry),
    body: content ? atomContent(content) : undefined,
  };
}

function authorOf(element: Element): string | undefined {
  const names = childElements(element, 'author').map((author) => childText(author, 'name') ?? author.textContent?.trim());
  return names.filter((name): name is string => !!name).join(', ') || undefined;
}

/** Atom content is text by default, escaped HTML with type="html", inline XHTML with "xhtml". */
function atomContent(content: Element): FeedItem['body'] {
  const type = content.getAttribute('type') ?? 'text';
  if (type === 'xhtml') {
    const serializer = new XMLSerializer();
    return { text: Array.from(content.childNodes, (node) => serializer.serializeToString(node)).join(''), html: true };
  }
  const text = content.textContent ?? '';
  return text.trim() === '' ? undefined : { text, html: type === 'html' || type.includes('html') };
}

function itemBlocks(item: FeedItem): Block[] {
  const blocks: Block[] = [{ type: 'heading', level: 2, content: [{ type: 'text', text: item.title ?? 'Untitled item' }] }];
  const lines: Inline[][] = [];
  if (item.link)
    lines.push([
      { type: 'text', text: 'Link: ' },
      { type: 'link', href: item.link, content: [{ type: 'text', text: item.link }] },
    ]);
  if (item.date) lines.push([{ type: 'text', text: `Date: ${item.date}` }]);
  if (item.author) lines.push([{ type: 'text', text: `Author: ${item.author}` }]);
  if (lines.length > 0) {
    blocks.push({
      type: 'paragraph',
      content: lines.flatMap((line, index): Inline[] => (index === 0 ? line : [{ type: 'break' }, ...line])),
    });
  }
  if (item.body) {
    const content = item.body.html ? htmlToDocument(item.body.text).blocks : textToBlocks(item.body.text.replace(/\r\n?/g, '\n'));
    blocks.push(...shiftHeadings(content, 3));
  }
  return blocks;
}

function optional<K extends keyof DocumentMetadata>(key: K, value: string | undefined): Partial<DocumentMetadata> {
  return value ? { [key]: value } : {};
}
