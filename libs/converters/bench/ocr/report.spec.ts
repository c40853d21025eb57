import { conditionCells, renderMarkdownTable, renderTextTable } from './report';
import { addMeasurement, emptyPool } from './score';

describe('conditionCells', () => {
  it('shows F1, the verdict against the target, speed, confidence and failures', () => {
    const pool = addMeasurement(emptyPool(), {
      pages: 2,
      wallMs: 4000,
      cores: 2,
      counts: { matched: 9, predicted: 10, expected: 10 },
      confidence: { mean: 91.25, pages: 2 },
    });
    expect(conditionCells('noisy', 'docformat', pool, 0.95)).toEqual([
      'noisy',
      'docformat',
      '2',
      '0.900',
      '>= 0.95',
      'BELOW',
      '0.50',
      '0.25',
      '91.3',
      '',
    ]);
    const failed = addMeasurement(pool, {
      pages: 1,
      wallMs: 10,
      cores: 1,
      counts: { matched: 0, predicted: 0, expected: 5 },
      failure: 'no OCR ran',
    });
    expect(conditionCells('noisy', 'docformat', failed, 0.9)).toEqual([
      'noisy',
      'docformat',
      '3',
      '0.720',
      '>= 0.90',
      'BELOW',
      '0.50',
      '0.25',
      '91.3',
      '1x no OCR ran',
    ]);
  });

  it('shows why an engine is unavailable instead of scores', () => {
    expect(conditionCells('photo', 'tesseract CLI', { ...emptyPool(), pages: 1 }, undefined, 'not installed')).toEqual([
      'photo',
      'tesseract CLI',
      '1',
      'not installed',
      '-',
      '-',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('renderTextTable', () => {
  it('pads columns and separates groups by their first cell', () => {
    const text = renderTextTable(
      ['A', 'Bee'],
      [
        ['x', '1'],
        ['x', '22'],
        ['yy', '3'],
      ],
    );
    expect(text).toBe('A   Bee\n--  ---\nx   1\nx   22\n\nyy  3\n');
    expect(renderTextTable(['A'], [['x'], ['y']], false)).toBe('A\n-\nx\ny\n');
  });
});

describe('renderMarkdownTable', () => {
  it('escapes pipes in cells', () => {
    expect(renderMarkdownTable(['A'], [['a|b']])).toBe('| A |\n| --- |\n| a\\|b |\n');
  });
});
