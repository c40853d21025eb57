import type { OutputFormat } from '../output-format';

export const textFormat: OutputFormat = {
  name: 'text',
  mediaType: 'text/plain; charset=utf-8',
  renderOptions: ['pageMarkers', 'images'],
  load: () => import('./text.format.ts'),
};
