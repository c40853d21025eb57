import { renderKinds } from './report';
import { scoreDocument } from './score';
import type { Half } from './split';
import type { DocumentTruth } from './truth';

const cells = (...rows: string[][]) => rows.map((row) => row.map((text) => ({ text })));

/** A document with one 2 × 2 table, scored against a conversion that found `rows`. */
function scored(file: string, half: Half, rows: { text: string }[][]) {
  const truth: DocumentTruth = {
    file,
    origin: 'test',
    licence: 'MIT',
    genre: 'statistical-table',
    truthFrom: 'tests',
    tables: [{ page: 1, rows: cells(['a', 'b'], ['1', '2']) }],
    tablesComplete: true,
  };
  return scoreDocument(
    { truth, path: `/corpus/${file}`, half },
    { ok: true, value: { tables: [{ page: 1, rows }], headings: [], textWithoutTables: '', text: '' } },
    { ok: false, failure: 'not run' },
  );
}

describe('renderKinds', () => {
  it('gives each corpus folder a row per half, so a kind read badly shows apart from the rest', () => {
    const report = renderKinds([
      scored('tabula/a.pdf', 'development', cells(['a', 'b'], ['1', '2'])),
      scored('tabula/b.pdf', 'report', cells(['a', 'b'], ['1', 'x'])),
      scored('camelot/c.pdf', 'report', []),
    ]);
    const rows = report.split('\n').slice(2);
    expect(rows).toEqual([
      '| camelot | report | 1 | 0.000 | 0.000 (0.00 / 0.00) | 0.000 | – | – |',
      '| tabula | development | 1 | 1.000 | 1.000 (1.00 / 1.00) | 1.000 | – | – |',
      // Two of the four relations hold ("a"–"b", "a"–"1"); one cell of four is wrong.
      '| tabula | report | 1 | 1.000 | 0.500 (0.50 / 0.50) | 0.750 | – | – |',
    ]);
  });
});
