import type { ReaderManifest } from '../reader';

export const markdownManifest: ReaderManifest = {
  name: 'markdown',
  priority: 150,
  accepts: [{ mimeTypes: ['text/markdown', 'text/x-markdown'], extensions: ['md', 'markdown', 'mdown', 'mkd'] }],
  load: () => import('./markdown.reader.ts'),
};
