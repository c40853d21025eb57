import type { ReaderManifest } from '../reader';

export const pptxManifest: ReaderManifest = {
  name: 'pptx',
  priority: 60,
  accepts: [
    {
      mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      extensions: ['pptx'],
      zip: { entries: ['ppt/'] },
    },
  ],
  load: () => import('./pptx.reader.ts'),
};
