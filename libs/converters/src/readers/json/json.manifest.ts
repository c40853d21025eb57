import type { ReaderManifest } from '../reader';

export const jsonManifest: ReaderManifest = {
  name: 'json',
  priority: 110,
  accepts: [
    { mimeTypes: ['application/json', 'text/json'], extensions: ['json'] },
    { mimeTypes: ['application/ld+json'], extensions: ['jsonld'] },
  ],
  load: () => import('./json.reader.ts'),
};
