import DOMPurify from './vendor/dompurify.js';
import MarkdownIt from './vendor/markdown-it.js';

/**
 * Markdown as HTML, made safe twice: markdown-it with `html: false` escapes any HTML a
 * document put in its markdown and refuses javascript: and similar links, and DOMPurify
 * then sanitizes what markdown-it wrote, so no markup of a converted document can run.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Outputs carry no image bytes (docs/conversions.md, "Output formats"), and the page's CSP loads
// nothing remote: a picture is shown as its description, as the html format does.
markdown.renderer.rules['image'] = (tokens, index) => {
  const alt = tokens[index]?.content ?? '';
  return `<span class="image-placeholder">[Image${alt ? `: ${markdown.utils.escapeHtml(alt)}` : ''}]</span>`;
};

// A document's links open in a new tab, telling the target nothing about the page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function renderMarkdown(source: string): DocumentFragment {
  return DOMPurify.sanitize(markdown.render(source), {
    RETURN_DOM_FRAGMENT: true,
    ADD_ATTR: ['target'],
    // markdown-it aligns table cells with style attributes, which the page's CSP refuses anyway.
    FORBID_ATTR: ['style'],
  });
}
