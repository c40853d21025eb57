import type { ReaderManifest } from '../reader';

export const htmlManifest: ReaderManifest = {
  name: 'html',
  priority: 140,
  accepts: [
    { mimeTypes: ['text/html'], extensions: ['html', 'htm'] },
    { mimeTypes: ['application/xhtml+xml'], extensions: ['xhtml'] },
  ],
  load: () => import('./html.reader.ts'),
};
