import type { ReaderManifest } from '../reader';

export const spreadsheetManifest: ReaderManifest = {
  name: 'spreadsheet',
  priority: 70,
  accepts: [
    { mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], extensions: ['xlsx'], zip: { entries: ['xl/'] } },
    { mimeTypes: ['application/vnd.ms-excel'], extensions: ['xls'], cfb: { streams: ['Workbook', 'Book'] } },
    { mimeTypes: ['application/vnd.oasis.opendocument.spreadsheet'], extensions: ['ods'], zip: { entries: [] } },
  ],
  load: () => import('./spreadsheet.reader.ts'),
};
