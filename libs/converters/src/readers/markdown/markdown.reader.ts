import type { DocumentMetadata } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import { inputText } from '../decode-text';
import { htmlToDocument } from '../html/html-to-document';
import MarkdownIt from 'markdown-it';
import type { ReaderInput } from '../reader';

export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  return markdownToDocument(inputText(input));
}

/**
 * Markdown is rendered to HTML by markdown-it (CommonMark plus GFM tables and
 * strikethrough) and read by the HTML reader: one tree builder, not two.
 */
export function markdownToDocument(text: string): IntermediateDocument {
  const { frontMatter, body } = splitFrontMatter(text);
  const html = new MarkdownIt({ html: true, linkify: false }).render(capQuoteMarkers(body));
  const { blocks } = htmlToDocument(`<body>${html}</body>`);
  return { pages: 1, metadata: frontMatter, blocks: withTitleHeading(blocks, frontMatter.title) };
}

/** Block quotes nested deeper than this are read at this depth (the document tree caps nesting at 64 anyway). */
const MAX_QUOTE_DEPTH = 32;
const DEEP_QUOTE = new RegExp(`^((?:[ \\t]*>){${MAX_QUOTE_DEPTH}})(?:[ \\t]*>)+`, 'gm');

/**
 * markdown-it stops parsing the rest of the document at its nesting limit (100), so
 * one line of 100,000 `>` from a broken generator would swallow every line after it.
 * Extra markers beyond MAX_QUOTE_DEPTH are dropped first; the text stays. (Lists
 * cannot get that deep: each level costs its indentation on every line.)
 */
export function capQuoteMarkers(markdown: string): string {
  return markdown.replace(DEEP_QUOTE, '$1');
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n(?:---|\.\.\.)\n/;
const FRONT_MATTER_KEYS: Record<string, keyof DocumentMetadata> = {
  title: 'title',
  author: 'author',
  subject: 'subject',
  description: 'subject',
  keywords: 'keywords',
  lang: 'language',
  language: 'language',
};

/**
 * YAML front matter (pandoc, Jekyll, Hugo) is metadata, not content. Only flat
 * `key: value` lines are read; a YAML parser would be overkill for five fields.
 */
export function splitFrontMatter(text: string): { frontMatter: DocumentMetadata; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { frontMatter: {}, body: text };
  const frontMatter: DocumentMetadata = {};
  for (const line of match[1].split('\n')) {
    const field = /^([A-Za-z]+):\s*(.+?)\s*$/.exec(line);
    const key = field ? FRONT_MATTER_KEYS[field[1].toLowerCase()] : undefined;
    if (field && key) frontMatter[key] = field[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return { frontMatter, body: text.slice(match[0].length) };
}
