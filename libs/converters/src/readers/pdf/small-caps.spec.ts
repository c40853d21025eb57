import type { TextItem } from '../../layout/page-text';
import { lowerSmallCaps } from './small-caps';

const item = (text: string, x: number, size: number, extra: Partial<TextItem> = {}): TextItem => ({
  text,
  x,
  y: 100,
  width: text.length * size * 0.6,
  size,
  bold: false,
  italic: false,
  mono: false,
  rtl: false,
  ...extra,
});

/** Items one after the other, each starting where the one before ends. */
function line(...parts: Array<[string, number]>): TextItem[] {
  let x = 50;
  return parts.map(([text, size]) => {
    const out = item(text, x, size);
    x += out.width;
    return out;
  });
}

describe('lowerSmallCaps', () => {
  it('turns capitals set smaller right after a full-size capital back to lower case, at its size', () => {
    const out = lowerSmallCaps(line(['T', 11], ['AI', 8.8], [' ', 11], ['V', 11], ['IET', 8.8]));
    expect(out.map((i) => i.text).join('')).toBe('Tai Viet');
    expect(out[1].size).toBe(11);
  });

  it('leaves a smaller word on its own, an index set lower, and capitals of one size as they are', () => {
    expect(lowerSmallCaps(line(['see ', 11], ['NASA', 8.8])).map((i) => i.text)).toEqual(['see ', 'NASA']);
    const [h, two] = line(['H', 11], ['O', 8]);
    expect(lowerSmallCaps([h, { ...two, y: 103 }]).map((i) => i.text)).toEqual(['H', 'O']);
    expect(lowerSmallCaps(line(['N', 11], ['ASA', 11])).map((i) => i.text)).toEqual(['N', 'ASA']);
  });
});
