import { linkedImages } from '@docformat/contracts';
import { type IntermediateDocument, inlineText } from '../../document';
import { escapeHtml } from '../escape-html';
import { pageGroups } from '../page-groups';
import { blocksHtml } from './html-blocks';

/**
 * No script, no remote resource, whatever the document held: a second line of
 * defence behind the escaping, for a page shown from a viewer's own origin.
 */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

/**
 * Linked pictures (format.images referenced or embedded) are the service's own: signed
 * URLs on PUBLIC_URL, data: URIs, or files beside the page in a bundle. The document's
 * own image sources are never written as a src, so images may load without opening the
 * page to anything the document named.
 */
const IMAGES_POLICY = "; img-src 'self' data: http: https:";

const STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;max-width:50rem;margin:2rem auto;padding:0 1rem}',
  'table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}',
  'pre{background:#f6f8fa;padding:.75rem;overflow-x:auto}blockquote{border-left:3px solid #ccc;margin-left:0;padding-left:1rem}',
  'figure.image{border:1px dashed #aaa;padding:.5rem;color:#555}',
  '.page+.page{border-top:1px dashed #aaa;margin-top:2rem}@media print{.page+.page{break-before:page;border:0}}',
].join('\n');

/**
 * A standalone, semantic HTML5 document. The title is the document's own (metadata),
 * else its first heading. A document with pages (PDF, slides, sheets, TIFF frames)
 * has one `<div class="page" data-page="N">` per converted page holding the blocks
 * that start on it; a document without pages has its blocks straight in `<main>`.
 */
export function render(document: IntermediateDocument): string {
  const { metadata } = document;
  const body = bodyHtml(document);
  const policy = CONTENT_SECURITY_POLICY + (linkedImages(body).length > 0 ? IMAGES_POLICY : '');
  const language = metadata.language ? ` lang="${escapeHtml(metadata.language)}"` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="generator" content="docformat">',
    `<title>${escapeHtml(documentTitle(document))}</title>`,
    ...metaTag('author', metadata.author),
    ...metaTag('description', metadata.subject),
    ...metaTag('keywords', metadata.keywords),
    `<style>\n${STYLE}\n</style>`,
  ];
  return `<!doctype html>\n<html${language}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n<main>\n${body}\n</main>\n</body>\n</html>\n`;
}

function bodyHtml(document: IntermediateDocument): string {
  if (document.pages <= 1 && !document.pagesConverted) return blocksHtml(document.blocks);
  return pageGroups(document)
    .map(({ page, blocks }) => `<div class="page" data-page="${page}">\n${blocksHtml(blocks)}\n</div>`)
    .join('\n');
}

function documentTitle(document: IntermediateDocument): string {
  const title = document.metadata.title?.trim();
  if (title) return title;
  const heading = document.blocks.find((block) => block.type === 'heading');
  return (heading?.type === 'heading' && inlineText(heading.content).replace(/\s+/g, ' ').trim()) || 'Document';
}

function metaTag(name: string, content: string | undefined): string[] {
  return content?.trim() ? [`<meta name="${name}" content="${escapeHtml(content.trim())}">`] : [];
}
