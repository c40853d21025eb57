import type { OutputFormat } from '../output-format';

/** Stored and returned as the JSON value itself (a JSON media type; see OutputFormat). */
export const jsonFormat: OutputFormat = {
  name: 'json',
  mediaType: 'application/json',
  renderOptions: ['images'],
  load: () => import('./json.format.ts'),
};
