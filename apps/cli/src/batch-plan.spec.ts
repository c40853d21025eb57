import { MAX_BATCH_FILES } from '@docformat/contracts';
import { planBatches } from './batch-plan';

describe('planBatches', () => {
  it('keeps URLs apart from files, each in the order given', () => {
    const batches = planBatches([
      { input: 'a.pdf', bytes: 10 },
      { input: 'https://x/1' },
      { input: 'b.pdf', bytes: 10 },
      { input: 'https://x/2' },
    ]);
    expect(batches).toEqual([
      ['https://x/1', 'https://x/2'],
      ['a.pdf', 'b.pdf'],
    ]);
  });

  it('cuts files at the byte budget, a file larger than the budget alone', () => {
    const files = [30, 30, 50, 200, 10].map((bytes, i) => ({ input: `${i}.pdf`, bytes }));
    expect(planBatches(files, 100)).toEqual([['0.pdf', '1.pdf'], ['2.pdf'], ['3.pdf'], ['4.pdf']]);
  });

  it('cuts at MAX_BATCH_FILES jobs, for URLs and files alike', () => {
    const urls = Array.from({ length: MAX_BATCH_FILES + 1 }, (_, i) => ({ input: `https://x/${i}` }));
    const files = Array.from({ length: MAX_BATCH_FILES + 1 }, (_, i) => ({ input: `${i}.txt`, bytes: 1 }));
    expect(planBatches([...urls, ...files]).map((batch) => batch.length)).toEqual([MAX_BATCH_FILES, 1, MAX_BATCH_FILES, 1]);
  });

  it('plans nothing for no inputs', () => {
    expect(planBatches([])).toEqual([]);
  });
});
