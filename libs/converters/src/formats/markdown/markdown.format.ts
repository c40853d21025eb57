import type { OutputFormat } from '../output-format';
import { renderMarkdown } from './render-markdown';

export const markdownFormat: OutputFormat = {
  name: 'markdown',
  mediaType: 'text/markdown; charset=utf-8',
  render: (document) => renderMarkdown(document.blocks),
};
