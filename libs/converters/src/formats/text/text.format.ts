import type { OutputFormat } from '../output-format';
import { pageGroups } from '../page-groups';
import { renderText } from './render-text';

/** With page markers, pages are separated by a form feed, as pdftotext does. */
export const textFormat: OutputFormat = {
  name: 'text',
  mediaType: 'text/plain; charset=utf-8',
  render: (document, options) => {
    if (!options.pageMarkers) return renderText(document.blocks);
    return pageGroups(document)
      .map(({ blocks }) => renderText(blocks))
      .join('\f');
  },
};
