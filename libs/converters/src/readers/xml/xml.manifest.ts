import type { ReaderManifest } from '../reader';

export const xmlManifest: ReaderManifest = {
  name: 'xml',
  priority: 120,
  accepts: [
    { mimeTypes: ['application/xml', 'text/xml'], extensions: ['xml'] },
    { mimeTypes: ['application/rss+xml'], extensions: ['rss'] },
    { mimeTypes: ['application/atom+xml'], extensions: ['atom'] },
    { mimeTypes: ['application/rdf+xml'], extensions: ['rdf'] },
  ],
  load: () => import('./xml.reader.ts'),
};
