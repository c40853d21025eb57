import type { OcrBlock } from './ocr-engines';
import type { PageWords } from './page-words';
import { rereadTurnedRegions, suspectRegions } from './turned-regions';

/** A block of one line of words at `confidence`, its box from y0 down 40 px. */
function block(text: string, confidence: number, y0: number, x0 = 100): OcrBlock {
  const words = text.split(' ').map((word, i) => ({
    text: word,
    confidence,
    bbox: { x0: x0 + i * 60, y0, x1: x0 + i * 60 + 50, y1: y0 + 40 },
  }));
  const bbox = { x0, y0, x1: x0 + words.length * 60, y1: y0 + 40 };
  return {
    paragraphs: [{ is_ltr: true, lines: [{ baseline: { x0, y0: y0 + 32, x1: bbox.x1, y1: y0 + 32 }, bbox, words }] }],
  };
}

const page = { width: 1000, height: 1400 };
const upright = [block('The committee met on Monday', 95, 100), block('and approved the budget today', 94, 160)];
const garbage = [block('ayj 03 pue sty Jo', 35, 800), block('Aq pajsanbar uorjonpoidai moo', 30, 860, 500)];

describe('regions of a page that read another way round', () => {
  it('are runs of blocks read with low confidence, on a page whose other blocks read well', () => {
    const regions = suspectRegions([...upright, ...garbage], page.height);
    expect(regions).toHaveLength(1);
    expect(regions[0].box).toEqual({ x0: 100, y0: 800, x1: 740, y1: 900 });
    expect(regions[0].blocks).toEqual(garbage);
  });

  it('are none on a page that reads badly throughout (a poor scan is not a turned region)', () => {
    expect(suspectRegions(garbage, page.height)).toEqual([]);
    expect(suspectRegions(upright, page.height)).toEqual([]);
  });

  it('are read again turned, and their words stand in the region’s place when a turn reads well', async () => {
    const tried: number[] = [];
    const cut = async (boxes: readonly unknown[]) => boxes.map(() => Buffer.from('region'));
    const readRegion = async (_region: Buffer, rotation: number): Promise<PageWords> => {
      tried.push(rotation);
      if (rotation !== 180) return { items: [], confidence: 20, goodWords: 0 };
      const item = { text: 'reproduction', x: 10, y: 20, width: 60, size: 10, bold: false, italic: false, mono: false, rtl: false };
      return { items: [item], confidence: 93, goodWords: 1 };
    };
    const words = await rereadTurnedRegions([...upright, ...garbage], page, 0.5, cut, readRegion);
    expect(tried).toEqual([180]);
    expect(words?.items.map((item) => item.text)).toEqual([
      'The',
      'committee',
      'met',
      'on',
      'Monday',
      'and',
      'approved',
      'the',
      'budget',
      'today',
      'reproduction',
    ]);
    // The region's own frame, placed at its corner (100, 800 px at 0.5 pt a pixel).
    expect(words?.items.at(-1)).toMatchObject({ x: 60, y: 420 });
  });

  it('keep their first reading when no turn reads better', async () => {
    const none = async (): Promise<PageWords> => ({ items: [], confidence: 0, goodWords: 0 });
    const cut = async (boxes: readonly unknown[]) => boxes.map(() => Buffer.from('region'));
    await expect(rereadTurnedRegions([...upright, ...garbage], page, 0.5, cut, none)).resolves.toBeUndefined();
  });

  it('are not looked for on a page image over the pixel budget (decoding it again would cost too much)', async () => {
    const cut = jest.fn(async (boxes: readonly unknown[]) => boxes.map(() => Buffer.from('region')));
    const huge = { width: 5000, height: 5000 };
    await expect(
      rereadTurnedRegions([...upright, ...garbage], huge, 0.5, cut, async () => ({ items: [], confidence: 0, goodWords: 0 })),
    ).resolves.toBeUndefined();
    expect(cut).not.toHaveBeenCalled();
  });
});
