import type { DocumentMetadata } from '@docformat/contracts';
import { parse, type HTMLElement } from 'node-html-parser';
import type { Block } from '../../document';
import { collapseWhitespace, startsContent } from './html-dom';
import { blocksOf } from './html-blocks';
import { capHtmlDepth } from './cap-html-depth';
import { contentRoot } from './main-content';
import { attachImages, type ImageFiles } from './html-image';

/**
 * Deepest element nesting read as written; deeper elements are unwrapped (see
 * cap-html-depth.ts). Real pages stay well below it; a list level takes two elements
 * (<ul><li>), so this keeps the 64 list levels the document tree allows (cap-nesting.ts).
 */
export const MAX_ELEMENT_DEPTH = 128;

export interface HtmlContent {
  metadata: DocumentMetadata;
  blocks: Block[];
}

/** Parses HTML (node-html-parser is loaded here, on first use) into IR blocks; with `images`, pictures get their bytes from it. */
export function htmlToDocument(html: string, images?: ImageFiles): HtmlContent {
  const root = parse(capHtmlDepth(html, MAX_ELEMENT_DEPTH), {
    comment: false,
    blockTextElements: { script: true, style: true, noscript: true },
  });
  const metadata = htmlMetadata(root);
  const main = contentRoot(root);
  return { metadata, blocks: attachImages(blocksOf(main, startsContent(main)), images) };
}

function htmlMetadata(root: HTMLElement): DocumentMetadata {
  const meta = (name: string) => {
    const element = root.querySelectorAll('meta').find((candidate) => candidate.getAttribute('name')?.toLowerCase() === name);
    return clean(element?.getAttribute('content'));
  };
  const metadata: DocumentMetadata = {
    title: clean(root.querySelector('title')?.text) ?? meta('og:title'),
    author: meta('author'),
    subject: meta('description'),
    keywords: meta('keywords'),
    language: clean(root.querySelector('html')?.getAttribute('lang')),
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}

function clean(value: string | undefined): string | undefined {
  const text = value === undefined ? '' : collapseWhitespace(value).trim();
  return text === '' ? undefined : text;
}
