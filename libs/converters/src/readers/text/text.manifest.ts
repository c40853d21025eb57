import type { ReaderManifest } from '../reader';

/** Last: whatever is text and nothing more specific. */
export const textManifest: ReaderManifest = {
  name: 'text',
  priority: 180,
  accepts: [{ mimeTypes: ['text/plain'], extensions: ['txt', 'text', 'log'] }],
  load: () => import('./text.reader.ts'),
};
