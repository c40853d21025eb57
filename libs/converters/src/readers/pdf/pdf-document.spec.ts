import { fixture } from '../../testing/fixtures';
import type { Pdfjs } from './load-pdfjs';
import { loadDocument, openPdf } from './pdf-document';

describe('openPdf', () => {
  it('reads page count and info through pdf-parse from the one document layout analysis reads', async () => {
    const pdf = await openPdf(fixture('sample.pdf'));
    try {
      expect(pdf.pageCount).toBe(4);
      expect(pdf.document.numPages).toBe(4);
      expect(pdf.info['Title']).toBeDefined();
      const image = await pdf.screenshot(1, 100);
      expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    } finally {
      await pdf.close();
    }
  });

  it('destroys the loading task of a file that fails to open', async () => {
    const failure = new Error('Invalid PDF structure');
    const destroy = jest.fn(async () => undefined);
    const pdfjs = { getDocument: () => ({ promise: Promise.reject(failure), destroy }) } as unknown as Pdfjs;
    await expect(loadDocument(pdfjs, {})).rejects.toBe(failure);
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
