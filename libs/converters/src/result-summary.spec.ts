import { DEFAULT_CONVERSION_OPTIONS } from './conversion-options';
import type { IntermediateDocument } from './document';
import { conversionWarnings, ocrSummary } from './result-summary';

const text = { type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'Words' }] };
const doc = (extra: Partial<IntermediateDocument>): IntermediateDocument => ({ pages: 1, metadata: {}, blocks: [text], ...extra });

describe('ocrSummary', () => {
  it('lists the OCR pages and averages the confidence of pages that had words', () => {
    expect(
      ocrSummary(
        doc({
          ocr: [
            { page: 1, confidence: 90 },
            { page: 3, confidence: 80 },
            { page: 4, confidence: 0 },
          ],
        }),
      ),
    ).toEqual({ pages: [1, 3, 4], meanConfidence: 85 });
    expect(ocrSummary(doc({}))).toBeUndefined();
  });
});

describe('conversionWarnings', () => {
  it('NO_TEXT_FOUND when no block has text, saying why where it can', () => {
    expect(conversionWarnings(doc({ blocks: [] }), DEFAULT_CONVERSION_OPTIONS)).toEqual([
      { code: 'NO_TEXT_FOUND', message: 'No text was found in the document.' },
    ]);
    const off = conversionWarnings(doc({ blocks: [{ type: 'rule' }] }), { ...DEFAULT_CONVERSION_OPTIONS, ocr: 'off' });
    expect(off[0].message).toContain('"ocr": "off"');
    const ocrd = conversionWarnings(doc({ blocks: [], ocr: [{ page: 1, confidence: 0 }] }), DEFAULT_CONVERSION_OPTIONS);
    expect(ocrd).toEqual([{ code: 'NO_TEXT_FOUND', message: expect.stringContaining('OCR, which recognised no words') }]);
  });

  it('LOW_OCR_CONFIDENCE names the pages read with low confidence, not the empty ones', () => {
    const warnings = conversionWarnings(
      doc({
        ocr: [
          { page: 1, confidence: 95 },
          { page: 2, confidence: 41 },
          { page: 5, confidence: 30 },
          { page: 6, confidence: 0 },
        ],
      }),
      DEFAULT_CONVERSION_OPTIONS,
    );
    expect(warnings).toEqual([{ code: 'LOW_OCR_CONFIDENCE', message: expect.stringContaining('pages 2, 5 ') }]);
  });

  it('nothing for an ordinary document', () => {
    expect(conversionWarnings(doc({}), DEFAULT_CONVERSION_OPTIONS)).toEqual([]);
  });
});
