import type { IntermediateDocument } from '../../document';
import type { RenderOptions } from '../output-format';
import { pageGroups } from '../page-groups';
import { renderMarkdown } from './render-markdown';

/**
 * With page markers, each page is rendered on its own and preceded by an HTML comment
 * line, `<!-- page N -->`: invisible when the markdown is displayed, easy to split on.
 */
export function render(document: IntermediateDocument, options: RenderOptions): string {
  const settings = { tables: options.tables };
  if (!options.pageMarkers) return renderMarkdown(document.blocks, settings);
  return pageGroups(document)
    .map(({ page, blocks }) => `<!-- page ${page} -->\n\n${renderMarkdown(blocks, settings)}`.trimEnd() + '\n')
    .join('\n');
}
