import type { OutputFormat } from '../output-format';

export const htmlFormat: OutputFormat = {
  name: 'html',
  mediaType: 'text/html; charset=utf-8',
  renderOptions: ['images'],
  load: () => import('./html.format.ts'),
};
