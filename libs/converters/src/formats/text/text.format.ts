import type { OutputFormat } from '../output-format';
import { renderText } from './render-text';

export const textFormat: OutputFormat = {
  name: 'text',
  mediaType: 'text/plain; charset=utf-8',
  render: (document) => renderText(document.blocks),
};
