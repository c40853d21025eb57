import type { ReaderManifest } from '../reader';

export const rtfManifest: ReaderManifest = {
  name: 'rtf',
  priority: 50,
  accepts: [
    {
      mimeTypes: ['application/rtf', 'text/rtf', 'application/x-rtf'],
      extensions: ['rtf'],
      magic: [{ patterns: [{ at: 0, bytes: '{\\rtf' }] }],
    },
  ],
  load: () => import('./rtf.reader.ts'),
};
