import { halfOf } from './split';

describe('the fixed split of the third-party corpus', () => {
  it('puts each document in the half the first byte of its path’s SHA-256 says, pinned so the rule cannot drift', () => {
    // First bytes: ba, 99, 53, f6.
    expect(halfOf('camelot/column_span_1.pdf')).toBe('development');
    expect(halfOf('tabula/20.pdf')).toBe('report');
    expect(halfOf('pdfua/PDFUA-Ref-2-08_BookChapter.pdf')).toBe('report');
    expect(halfOf('pdfplumber/pdffill-demo.pdf')).toBe('development');
  });
});
