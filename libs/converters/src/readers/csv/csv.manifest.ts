import type { ReaderManifest } from '../reader';

export const csvManifest: ReaderManifest = {
  name: 'csv',
  priority: 160,
  accepts: [
    { mimeTypes: ['text/csv', 'application/csv', 'text/x-csv', 'text/comma-separated-values'], extensions: ['csv'] },
    { mimeTypes: ['text/tab-separated-values'], extensions: ['tsv', 'tab'] },
  ],
  load: () => import('./csv.reader.ts'),
};
