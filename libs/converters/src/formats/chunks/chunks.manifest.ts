import type { OutputFormat } from '../output-format';

/** An array of chunks, stored and returned as JSON. */
export const chunksFormat: OutputFormat = {
  name: 'chunks',
  mediaType: 'application/json',
  renderOptions: ['chunking'],
  load: () => import('./chunks.format.ts'),
};
