import type { ReaderManifest } from '../reader';

export const odtManifest: ReaderManifest = {
  name: 'odt',
  priority: 30,
  accepts: [
    // ODF packages name their type in a stored `mimetype` entry: no entry names needed.
    { mimeTypes: ['application/vnd.oasis.opendocument.text'], extensions: ['odt'], zip: { entries: [] } },
    { mimeTypes: ['application/vnd.oasis.opendocument.text-template'], extensions: ['ott'], zip: { entries: [] } },
  ],
  load: () => import('./odt.reader.ts'),
};
