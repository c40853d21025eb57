import { EMPTY_BAG } from '../metrics/bag-f1';
import { type Measurement, addMeasurement, childCpuTicks, emptyPool, parseTesseractTsv, poolStats, verdict, wordCounts } from './score';

const measurement = (overrides: Partial<Measurement>): Measurement => ({
  pages: 1,
  wallMs: 1000,
  cores: 1,
  counts: EMPTY_BAG,
  ...overrides,
});

describe('wordCounts', () => {
  it('compares the quality bench tokens: case, punctuation and ligatures do not matter', () => {
    expect(wordCounts('The ﬁle, page 3.', 'the file page 8')).toEqual({ matched: 3, predicted: 4, expected: 4 });
  });
});

describe('pools', () => {
  it('pools words over scans (micro average) and weighs confidence by pages', () => {
    let pool = addMeasurement(
      emptyPool(),
      measurement({ counts: { matched: 9, predicted: 10, expected: 10 }, confidence: { mean: 90, pages: 1 } }),
    );
    pool = addMeasurement(
      pool,
      measurement({ pages: 2, counts: { matched: 0, predicted: 0, expected: 10 }, confidence: { mean: 60, pages: 2 } }),
    );
    const stats = poolStats(pool);
    expect(stats.f1).toBeCloseTo((2 * 0.9 * 0.45) / 1.35, 10);
    expect(stats.meanConfidence).toBe(70);
  });

  it('divides pages by wall time and by wall time x cores used', () => {
    let pool = addMeasurement(emptyPool(), measurement({ pages: 2, wallMs: 4000, cores: 2 }));
    pool = addMeasurement(pool, measurement({ pages: 1, wallMs: 2000, cores: 1 }));
    const stats = poolStats(pool);
    expect(stats.pagesPerSecond).toBeCloseTo(3 / 6, 10);
    expect(stats.pagesPerCoreSecond).toBeCloseTo(3 / 10, 10);
  });

  it('counts failures and leaves failed runs out of the speed', () => {
    let pool = addMeasurement(emptyPool(), measurement({ failure: 'no OCR ran', wallMs: 10 }));
    pool = addMeasurement(pool, measurement({ failure: 'no OCR ran', wallMs: 10 }));
    expect(pool.failures).toEqual(new Map([['no OCR ran', 2]]));
    expect(poolStats(pool).pagesPerSecond).toBeNull();
    expect(poolStats(addMeasurement(pool, measurement({ pages: 1, wallMs: 2000 }))).pagesPerSecond).toBe(0.5);
  });

  it('has no speed or confidence without measurements', () => {
    expect(poolStats(emptyPool())).toEqual({ f1: 1, pagesPerSecond: null, pagesPerCoreSecond: null, meanConfidence: null });
  });
});

describe('verdict', () => {
  it('passes at or above the target and has none without a target or value', () => {
    expect(verdict(0.95, 0.95)).toBe('PASS');
    expect(verdict(0.9499, 0.95)).toBe('BELOW');
    expect(verdict(0.5, undefined)).toBe('-');
    expect(verdict(null, 0.25)).toBe('-');
  });
});

describe('parseTesseractTsv', () => {
  it('takes the words of level-5 rows and averages their confidence', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t3300\t2550\t-1\t',
      '4\t1\t1\t1\t1\t0\t10\t10\t60\t900\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t10\t60\t140\t96\tWhy',
      '5\t1\t1\t1\t1\t2\t10\t160\t60\t180\t80\tPaper',
      '5\t1\t1\t1\t1\t3\t10\t360\t60\t20\t95\t ',
      '',
    ].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual({ text: 'Why Paper', meanConfidence: 88 });
  });

  it('has no confidence when there are no words', () => {
    expect(parseTesseractTsv('level\tpage_num\n')).toEqual({ text: '', meanConfidence: null });
  });
});

describe('childCpuTicks', () => {
  it('adds cutime and cstime, after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 200 0 0 50 7 30 12 20 0 11 0 300 1000 500';
    expect(childCpuTicks(stat)).toBe(42);
  });

  it('is null for text that is not a stat line', () => {
    expect(childCpuTicks('nonsense')).toBeNull();
  });
});
