import type { ReaderManifest } from '../reader';

export const emlManifest: ReaderManifest = {
  name: 'eml',
  priority: 90,
  accepts: [{ mimeTypes: ['message/rfc822'], extensions: ['eml'] }],
  load: () => import('./eml.reader.ts'),
};
