import type { DocumentSource } from './types';

/**
 * pdfplumber (github.com/jsvine/pdfplumber), files in tests/pdfs/, tests in tests/*.py
 * (copied beside the PDFs). Its table tests assert a row or two, a cell, or a count, so
 * most tables here are partial. Not used: tests that assert an isolated cell only
 * (nics-background-checks: Alabama/Wyoming cells; issue-53: one cell; issue-71: a line
 * of one cell), the senate-expenditures test (it crops the page through the table, so
 * its last row is five of the table's seven columns), and the PDFs whose tests are
 * about words, text, metadata, repair or rendering.
 */
const pdfplumber = (file: string, rest: Omit<DocumentSource, 'project' | 'file' | 'from' | 'upstream'>): DocumentSource => ({
  project: 'pdfplumber',
  file,
  from: file,
  upstream: `tests/pdfs/${file}`,
  ...rest,
});

export const PDFPLUMBER: DocumentSource[] = [
  // tests/test_table.py test_edges_strict: page 1, lines_strict, the first table's last row;
  // tests/test_issues.py test_issue_140: the page cropped to its top 122 pt gives that table, 5 rows.
  pdfplumber('issue-140-example.pdf', {
    test: 'tests/test_table.py test_edges_strict; tests/test_issues.py test_issue_140',
    method: 'extract_table, lines_strict (last row); default settings on the top 122 pt (row count), page 1',
    genre: 'statement',
    pages: [1],
    tablesComplete: false,
    tables: [
      {
        page: 1,
        expect: {
          from: 'test',
          rows: [['', '0085648100300', 'CENTRAL KMA', 'LILYS 55% DARK CHOC BAR', '415', '$ 0.61', '$ 253.15', '0.0000', '']],
        },
        partial: { rowIndices: [-1], rowCount: 5, columnCount: 9 },
        note: 'The tests give the last row and the row count; the empty tables below (Associated claims, ...) are not checked.',
      },
    ],
  }),
  // tests/test_ca_warn_report.py test_parse: page 1, explicit vertical lines (from page 2's rects), first two rows.
  pdfplumber('WARN-Report-for-7-1-2015-to-03-25-2016.pdf', {
    test: 'tests/test_ca_warn_report.py test_parse',
    method: 'extract_table, vertical_strategy explicit (the x positions of page 2 rectangles), page 1',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: {
          from: 'test',
          rows: [
            ['Notice Date', 'Effective', 'Received', 'Company', 'City', 'No. Of', 'Layoff/Closure'],
            ['06/22/2015', '03/25/2016', '07/01/2015', 'Maxim Integrated Product', 'San Jose', '150', 'Closure Permanent'],
          ],
        },
        partial: { firstRow: 0, columnCount: 7 },
        note: "The test gives the first two rows. Its helper deletes the spaces of the first three cells before comparing ('NoticeDate'); the page reads 'Notice Date', which is kept.",
      },
    ],
  }),
  // tests/test_table.py test_order: page 1, default settings: three tables of 8, 11 and 2 rows.
  pdfplumber('issue-336-example.pdf', {
    test: 'tests/test_table.py test_order',
    method: 'extract_tables, default settings (lines), page 1',
    genre: 'standard',
    pages: [1],
    tablesComplete: true,
    tables: [8, 11, 2].map((rowCount) => ({
      page: 1,
      expect: { from: 'shape' } as const,
      partial: { rowCount },
      note: "The test asserts three tables and their row counts (pdfplumber's grid rows), in page order, nothing about cells.",
    })),
  }),
  // tests/test_table.py test_issue_466_mixed_strategy: page 1, lines vertically and text horizontally:
  // every table it finds has 4 rows and 3 columns, its last row's cells contain 'last'.
  pdfplumber('issue-466-example.pdf', {
    test: 'tests/test_table.py test_issue_466_mixed_strategy',
    method: 'extract_tables, vertical_strategy lines, horizontal_strategy text, snap_tolerance 8, intersection_tolerance 4, page 1',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: ['T0 (reference)', 'T1 (no horizontal lines)', 'T2 (no vertical lines)', 'T3 (light style)'].map((label) => ({
      page: 1,
      expect: { from: 'shape' } as const,
      partial: { rowCount: 4, columnCount: 3 },
      note: `Table ${label}. The test asserts 4 rows and 3 columns for the three tables its mixed strategy finds (those with horizontal rules, it says); the page has four such tables, labelled T0-T3 in their cells, all 4 by 3.`,
    })),
  }),
  // tests/test_table.py test_table_curves: page 1, default settings: one table.
  pdfplumber('table-curves-example.pdf', {
    test: 'tests/test_table.py test_table_curves',
    method: 'extract_tables, default settings (lines, curves as edges), page 1',
    genre: 'medical-leaflet',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'shape' },
        note: "The test asserts one table on the page (its second-to-last row's second-to-last cell is 'Uncommon').",
      },
    ],
  }),
  // tests/test_structure.py test_structure_tree (TREE), test_element_bbox: the tag tree, a Table of 3 TR × 2 cells, the first row TH.
  pdfplumber('pdf_structure.pdf', {
    test: 'tests/test_structure.py Test.test_structure_tree, test_element_bbox',
    method: 'the structure tree (Table, TR, TH, TD)',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: 'tags',
  }),
  // tests/test_structure.py TestMany.test_word365 (WORD365): a Table with THead (one TR of 3 TH) and TBody (two TR of 3 TD).
  pdfplumber('word365_structure.pdf', {
    test: 'tests/test_structure.py TestMany.test_word365',
    method: 'the structure tree (Table, THead, TBody, TR, TH, TD)',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: 'tags',
  }),
];

/** The suite's other PDFs with a table test, and why they have no truth here. */
export const PDFPLUMBER_NOT_USED: Record<string, string> = {
  'nics-background-checks-2015-11.pdf (and -rotated)': 'isolated cells (Alabama, Wyoming and two figures) and column sums, not rows',
  'senate-expenditures.pdf': "the test crops the page through the table: its last row is five of the table's seven columns",
  'issue-53-example.pdf, issue-71-duplicate-chars.pdf': 'one cell each (a layout-preserving cell; the last line of a cell)',
  'pdffill-demo.pdf, pr-138-example.pdf': 'table settings errors, or extraction that must not fail: no cells',
  'password-example.pdf, empty.pdf, malformed-from-issue-932.pdf, issue-948.zip': 'password, empty or broken on purpose',
  'the other PDFs': 'tests of words, text, metadata, annotations, rendering or structure trees without a table',
};
