import type { TextItem } from '../layout/page-text';
import { snapOcrSizes } from './snap-sizes';

const word = (size: number, text = 'word'): TextItem => ({
  text,
  x: 0,
  y: 0,
  width: 10,
  size,
  bold: false,
  italic: false,
  mono: false,
  rtl: false,
});

describe('snapOcrSizes', () => {
  it('gives wobbling estimates of one size one value, and keeps real size steps apart', () => {
    const body = [9.6, 9.9, 10.0, 10.1, 10.4].map((size) => word(size));
    const subhead = [11.9, 12.2].map((size) => word(size));
    const head = [14.1, 14.6].map((size) => word(size));
    const pages = [{ items: [...body, ...subhead.slice(0, 1)] }, { items: [...head, ...subhead.slice(1)] }];
    snapOcrSizes(pages);
    expect(new Set(body.map((item) => item.size)).size).toBe(1);
    expect(new Set(subhead.map((item) => item.size)).size).toBe(1);
    expect(new Set(head.map((item) => item.size)).size).toBe(1);
    expect(body[0].size).toBeLessThan(subhead[0].size);
    expect(subhead[0].size).toBeLessThan(head[0].size);
  });

  it('does nothing to pages without words', () => {
    expect(() => snapOcrSizes([{ items: [] }])).not.toThrow();
  });
});
