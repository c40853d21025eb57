import { isPdfjsDamageNotice } from './stray-rejections';
import { loadPdfjs } from './load-pdfjs';

describe('isPdfjsDamageNotice', () => {
  it("knows pdf.js's own damage exceptions by name, and nothing else", async () => {
    const pdfjs = await loadPdfjs();
    expect(isPdfjsDamageNotice(new pdfjs.InvalidPDFException('Invalid PDF structure.'))).toBe(true);
    const xref = Object.assign(new Error('Bad (uncompressed) XRef entry: 156R'), { name: 'XRefEntryException' });
    expect(isPdfjsDamageNotice(xref)).toBe(true);
    expect(isPdfjsDamageNotice(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isPdfjsDamageNotice('XRefEntryException')).toBe(false);
  });
});
