import type { ReaderManifest } from '../reader';

export const epubManifest: ReaderManifest = {
  name: 'epub',
  priority: 40,
  accepts: [{ mimeTypes: ['application/epub+zip'], extensions: ['epub'], zip: { entries: [] } }],
  load: () => import('./epub.reader.ts'),
};
