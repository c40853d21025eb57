import { normalizePdfText } from './normalize-text';

describe('normalizePdfText', () => {
  it('decomposes ligatures and presentation forms only, drops invisible characters', () => {
    expect(normalizePdfText('\ufb01le \ufb02ow o\ufb03ce')).toBe('file flow office');
    expect(normalizePdfText('10\u00a0MB zero\u200bwidth\u2060 \ufeff')).toBe('10 MB zerowidth ');
    expect(normalizePdfText('soft\u00adhyphen, end\u00ad')).toBe('softhyphen, end\u00ad');
    expect(normalizePdfText('“quoted” x² ½ ™')).toBe('“quoted” x² ½ ™');
  });
});
