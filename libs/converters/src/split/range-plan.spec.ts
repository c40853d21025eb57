import { planRanges, rangePages } from './range-plan';

const pages = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const policy = { nativePages: 64, ocrPages: 8 };

describe('rangePages', () => {
  it('is the native size for text pages, the OCR size for scans, and between them for a mix', () => {
    expect(rangePages(policy, 0)).toBe(64);
    expect(rangePages(policy, 1)).toBe(8);
    // Half scans: a page costs 4.5 native pages on average.
    expect(rangePages(policy, 0.5)).toBe(14);
  });
});

describe('planRanges', () => {
  it('leaves a selection that fits one range whole, without sampling a short one', async () => {
    const share = jest.fn(async () => 0);
    expect(await planRanges(pages(8), policy, share)).toBeUndefined();
    expect(share).not.toHaveBeenCalled();
    expect(await planRanges(pages(64), policy, share)).toBeUndefined();
    expect(await planRanges(pages(500), { nativePages: 0, ocrPages: 8 }, share)).toBeUndefined();
  });

  it('cuts a long text document into native ranges, and a scan into OCR ranges, in order', async () => {
    const text = await planRanges(pages(2415), policy, async () => 0);
    expect(text).toHaveLength(38);
    expect(text?.flat()).toEqual(pages(2415));
    expect(new Set(text?.map((range) => range.length))).toEqual(new Set([63, 64]));
    const scan = await planRanges(pages(100), policy, async () => 1);
    expect(scan?.map((range) => range.length)).toEqual([8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 7, 7, 7]);
  });
});
