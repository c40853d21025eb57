import type { ReaderManifest } from '../reader';

export const notebookManifest: ReaderManifest = {
  name: 'notebook',
  priority: 100,
  accepts: [{ mimeTypes: ['application/x-ipynb+json'], extensions: ['ipynb'] }],
  load: () => import('./notebook.reader.ts'),
};
