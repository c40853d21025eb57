import type { ReaderManifest } from '../reader';

/** After the readers of ZIP-based formats, which identification tells apart by what the archive holds. */
export const zipManifest: ReaderManifest = {
  name: 'zip',
  priority: 170,
  accepts: [{ mimeTypes: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'], extensions: ['zip'] }],
  load: () => import('./zip.reader.ts'),
};
