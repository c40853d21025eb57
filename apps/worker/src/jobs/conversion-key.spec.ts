import { CONVERTER_VERSION } from '@docformat/converters/names';
import { conversionKey } from './conversion-key';

describe('conversionKey', () => {
  it('is the same for the same formats in any order and the same options in any key order', () => {
    const a = conversionKey(['text', 'markdown'], { pages: '1-3', chunking: { strategy: 'size', maxTokens: 256 } });
    const b = conversionKey(['markdown', 'text', 'text'], { chunking: { maxTokens: 256, strategy: 'size' }, pages: '1-3' });
    expect(a).toBe(b);
    expect(a.startsWith(`${CONVERTER_VERSION}|markdown,text|`)).toBe(true);
  });

  it('ignores the cache switch, and differs for other formats or options', () => {
    const base = conversionKey(['text'], { ocr: 'off' });
    expect(conversionKey(['text'], { ocr: 'off', cache: false })).toBe(base);
    expect(conversionKey(['markdown'], { ocr: 'off' })).not.toBe(base);
    expect(conversionKey(['text'], { ocr: 'force' })).not.toBe(base);
    expect(conversionKey(['text'], null)).toBe(conversionKey(['text'], {}));
  });
});
