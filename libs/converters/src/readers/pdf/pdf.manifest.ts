import type { ReaderManifest } from '../reader';

export const pdfManifest: ReaderManifest = {
  name: 'pdf',
  priority: 10,
  accepts: [
    {
      mimeTypes: ['application/pdf', 'application/x-pdf', 'application/acrobat'],
      extensions: ['pdf'],
      // Readers accept junk before the header, so does Acrobat: search the first KiB.
      magic: [{ patterns: [{ at: 0, bytes: '%PDF-' }], searchWithin: 1024 }],
    },
  ],
  load: () => import('./pdf.reader.ts'),
  // A long PDF's pages are read in parts, on several threads (pdf-parts.ts).
  loadSplitReading: () => import('./pdf.reader.ts'),
};
