import type { IntermediateDocument } from '../../document';
import type { RenderOptions } from '../output-format';
import { pageGroups } from '../page-groups';
import { renderText } from './render-text';

/** With page markers, pages are separated by a form feed, as pdftotext does. */
export function render(document: IntermediateDocument, options: RenderOptions): string {
  if (!options.pageMarkers) return renderText(document.blocks);
  return pageGroups(document)
    .map(({ blocks }) => renderText(blocks))
    .join('\f');
}
