import { pdfImageBomb, pdfPageBomb } from '@docformat/file-types/testing';
import { fixture } from '../../testing/fixtures';
import { openPdf } from './pdf-document';
import { readPage } from './pdf-page-text';

const blankOf = async (bytes: Uint8Array, maxImagePixels?: number) => {
  const pdf = await openPdf(bytes, maxImagePixels);
  try {
    return (await readPage(pdf.pdfjs, pdf.document, 1)).text.blank;
  } finally {
    await pdf.close();
  }
};

describe('a page that puts no ink down', () => {
  it('is told from one with text, a painted path or a picture', async () => {
    expect(await blankOf(fixture('sample.pdf'))).toBeUndefined();
    expect(await blankOf(pdfPageBomb(595, 842))).toBeUndefined();
    expect(await blankOf(pdfImageBomb(300, 300))).toBeUndefined();
  });

  it('is one whose only picture pdf.js left out for its size', async () => {
    expect(await blankOf(pdfImageBomb(3000, 3000), 4_000_000)).toBe(true);
  });
});
