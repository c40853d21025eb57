import type { OutputFormat } from '../output-format';

export const markdownFormat: OutputFormat = {
  name: 'markdown',
  mediaType: 'text/markdown; charset=utf-8',
  renderOptions: ['pageMarkers', 'tables', 'images'],
  load: () => import('./markdown.format.ts'),
};
