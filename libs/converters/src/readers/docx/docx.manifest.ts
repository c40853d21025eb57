import type { ReaderManifest } from '../reader';

export const docxManifest: ReaderManifest = {
  name: 'docx',
  priority: 20,
  accepts: [
    {
      mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      extensions: ['docx'],
      zip: { entries: ['word/'] },
    },
  ],
  load: () => import('./docx.reader.ts'),
};
