import type { DocumentSource } from './types';

/**
 * tabula-java (github.com/tabulapdf/tabula-java), tests in src/test/java/technology/tabula/,
 * files in src/test/resources/technology/tabula/. Page, area (top,left,bottom,right in
 * points) and method are read from the Java tests named in `test`. Not used: the ICDAR
 * 2013 files (eu-*, us-*, icdar2013-dataset/) and the expectations on them (EU_002,
 * EU_017, us-017, us-020, us-007, us-024, the CLI's testGuessOption CSVs on eu-001),
 * the geometry-only CSVs (RECTANGLE_TEST_NATURAL_ORDER, CELLS), and tests that assert
 * isolated cells only (m27, campaign_donors, mednine) or nothing about cells.
 */
const RESOURCES = 'src/test/resources/technology/tabula';

const tabula = (file: string, rest: Omit<DocumentSource, 'project' | 'file' | 'from' | 'upstream'>): DocumentSource => ({
  project: 'tabula',
  file,
  from: file,
  upstream: `${RESOURCES}/${file}`,
  ...rest,
});

export const TABULA: DocumentSource[] = [
  // TestWriters.java testCSVWriter / testJSONWriter, TestBasicExtractor.java testColumnRecognition
  // (the same rows as a Java array): page 1, area 269.875,12.75,790.5,561, basic (stream).
  tabula('argentina_diputados_voting_record.pdf', {
    test: 'TestWriters.java testCSVWriter, testJSONWriter; TestBasicExtractor.java testColumnRecognition',
    method: 'basic (stream), page 1, area 269.875,12.75,790.5,561',
    genre: 'government-list',
    pages: [1],
    tablesComplete: false,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'argentina_diputados_voting_record.csv' },
        partial: { firstRow: 1 },
        note: "The test's area starts below the header row (Apellido y Nombre, Bloque político, Provincia); the summary tables above it are not checked.",
      },
    ],
  }),
  // TestWriters.java testCSVMultilineRow: page 1, area 53,49,735,550, spreadsheet (lattice).
  // (TestBasicExtractor.java testExtractColumnsCorrectly3 checks a smaller area of the same table.)
  tabula('frx_2012_disclosure.pdf', {
    test: 'TestWriters.java testCSVMultilineRow',
    method: 'spreadsheet (lattice), page 1, area 53,49,735,550',
    genre: 'statement',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'frx_2012_disclosure.csv' },
        note: 'The report title and year sit inside the ruled frame and are rows of the table here, each in its first cell.',
      },
    ],
  }),
  // TestBasicExtractor.java testRealLifeRTL2: page 1, area 205,120,622.82,459.9, basic (stream).
  tabula('indictb1h_14.pdf', {
    test: 'TestBasicExtractor.java testRealLifeRTL2',
    method: 'basic (stream), page 1, area 205,120,622.82,459.9',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'indictb1h_14.csv' },
        fixes: [{ kind: 'mergeColumns', first: 6, last: 8 }],
        note:
          'Hebrew, right to left; cells in the order tabula writes them (the years left to right, the label last), brackets mirrored as in the file. ' +
          'tabula split the right-aligned label column into three by where each label starts; the PDF has one label column, so the three are merged back.',
      },
    ],
  }),
  // TestWriters.java testCSVSerializeInfinity / testJSONSerializeInfinity: page 1,
  // area 53.74,16.97,548.74,762.3, spreadsheet (lattice).
  tabula('schools.pdf', {
    test: 'TestWriters.java testJSONSerializeInfinity, testCSVSerializeInfinity',
    method: 'spreadsheet (lattice), page 1, area 53.74,16.97,548.74,762.3',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-json', file: 'schools.json', index: 0 },
        fixes: [{ kind: 'dropColumns', columns: [0] }],
        partial: { firstRow: 0 },
        note:
          'tabula invents an empty first column 2 pt wide (a sliver between two rulings); dropped. ' +
          "The test's area ends just above the page's last row (Filice), which is not in the expectation.",
      },
    ],
  }),
  // TestWriters.java testJSONSerializeTwoTables / testCSVSerializeTwoTables: page 1, whole page, spreadsheet (lattice).
  tabula('twotables.pdf', {
    test: 'TestWriters.java testJSONSerializeTwoTables, testCSVSerializeTwoTables',
    method: 'spreadsheet (lattice), page 1',
    genre: 'statement',
    pages: [1],
    tablesComplete: true,
    tables: [
      { page: 1, expect: { from: 'tabula-json', file: 'twotables.json', index: 0 }, note: 'Spans from the cell rectangles of the JSON.' },
      { page: 1, expect: { from: 'tabula-json', file: 'twotables.json', index: 1 }, note: 'Spans from the cell rectangles of the JSON.' },
    ],
  }),
  // TestSpreadsheetExtractor.java testSpanningCells / testSpanningCellsToCsv: page 1, whole page, spreadsheet (lattice).
  tabula('spanning_cells.pdf', {
    test: 'TestSpreadsheetExtractor.java testSpanningCells, testSpanningCellsToCsv',
    method: 'spreadsheet (lattice), page 1',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-json', file: 'spanning_cells.json', index: 0 },
        note: 'Spans from the cell rectangles of the JSON.',
      },
      {
        page: 1,
        expect: { from: 'tabula-json', file: 'spanning_cells.json', index: 1 },
        note: 'Spans from the cell rectangles of the JSON.',
      },
    ],
  }),
  // TestSpreadsheetExtractor.java testSpreadsheetWithNoBoundingFrameShouldBeSpreadsheet, TestCommandLineApp.java
  // testExtractSpreadsheetWithArea: page 1, area 150.56,58.9,654.7,536.12, spreadsheet (lattice).
  tabula('spreadsheet_no_bounding_frame.pdf', {
    test: 'TestSpreadsheetExtractor.java testSpreadsheetWithNoBoundingFrameShouldBeSpreadsheet; TestCommandLineApp.java testExtractSpreadsheetWithArea',
    method: 'spreadsheet (lattice), page 1, area 150.56,58.9,654.7,536.12',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'spreadsheet_no_bounding_frame.csv' },
        note: "Tool quirks kept: the header cell PRODUCTS is missing (the first column's header cells are empty), the column headers are split over three rows, and a few numbers carry a stray space ('5 2.976,4', '( 498,5)').",
      },
    ],
  }),
  // TestSpreadsheetExtractor.java testSpreadsheetExtractionIssue656: page 1, area 56.925,24.255,549.945,786.555, spreadsheet (lattice).
  tabula('Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf', {
    test: 'TestSpreadsheetExtractor.java testSpreadsheetExtractionIssue656',
    method: 'spreadsheet (lattice), page 1, area 56.925,24.255,549.945,786.555',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'Publication_of_award_of_Bids_for_Transport_Sector__August_2016.csv' },
        note: 'The table goes on over the next pages; only page 1 is checked.',
      },
    ],
  }),
  // TestCommandLineApp.java testExtractWithMultiplePercentArea (and ...MultipleAbsoluteArea,
  // ...PercentAndAbsoluteArea): page 1, areas %0,0,100,50 and %0,50,100,100, basic (stream).
  // The CSV holds both tables one after the other: rows 1-24, then 25-44.
  tabula('MultiColumn.pdf', {
    test: 'TestCommandLineApp.java testExtractWithMultiplePercentArea, testExtractWithMultipleAbsoluteArea',
    method: 'basic (stream), page 1, areas: left half and right half of the page',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [
      { page: 1, expect: { from: 'tabula-csv', file: 'MultiColumn.csv', rows: [0, 24] }, note: 'The left half of the page.' },
      { page: 1, expect: { from: 'tabula-csv', file: 'MultiColumn.csv', rows: [24, 44] }, note: 'The right half of the page.' },
    ],
  }),
  // TestCommandLineApp.java testLatticeModeWithColumnOption: page 1, columns 59,218,331,551, lattice (-r).
  tabula('AnimalSounds.pdf', {
    test: 'TestCommandLineApp.java testLatticeModeWithColumnOption',
    method: 'spreadsheet (lattice, -r) with columns 59,218,331,551, page 1',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-csv', file: 'AnimalSounds.csv' },
        partial: { firstRow: 1 },
        note: "The expectation lacks the header row (Animal, Action, Result) the page has; long words wrapped inside a cell keep the line break as a space ('Parastratiosph ecomyioides').",
      },
    ],
  }),
  // TestCommandLineApp.java testLatticeModeWithColumnAndMultipleAreasOption: page 1, columns
  // 57,136,197,296,314,391,457,553, areas %0,0,100,50 and %0,50,100,100, lattice (-r).
  tabula('AnimalSounds1.pdf', {
    test: 'TestCommandLineApp.java testLatticeModeWithColumnAndMultipleAreasOption',
    method: 'spreadsheet (lattice, -r) with columns 57,136,197,296,314,391,457,553, page 1, areas: left half and right half',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'tabula-json', file: 'AnimalSounds1.json', index: 0 },
        note: 'Long words wrapped inside a cell keep each line break as a space.',
      },
      {
        page: 1,
        expect: { from: 'tabula-json', file: 'AnimalSounds1.json', index: 1 },
        fixes: [{ kind: 'dropEmptyRows' }],
        note: 'tabula makes an empty first row between the top of the area and the first ruling; dropped. Line breaks inside cells are spaces.',
      },
    ],
  }),
  // TestSpreadsheetExtractor.java testIncompleteGrid: page 1, spreadsheet (lattice): two tables, no cells checked.
  tabula('china.pdf', {
    test: 'TestSpreadsheetExtractor.java testIncompleteGrid',
    method: 'spreadsheet (lattice), page 1',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      { page: 1, expect: { from: 'shape' }, note: 'The test asserts two tables on the page, nothing about their cells.' },
      { page: 1, expect: { from: 'shape' }, note: 'The test asserts two tables on the page, nothing about their cells.' },
    ],
  }),
  // TestSpreadsheetExtractor.java testShouldDetectASingleSpreadsheet: page 1, area 68.08,16.44,680.85,597.84, one table.
  tabula('offense.pdf', {
    test: 'TestSpreadsheetExtractor.java testShouldDetectASingleSpreadsheet',
    method: 'spreadsheet (lattice), page 1, area 68.08,16.44,680.85,597.84',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [{ page: 1, expect: { from: 'shape' }, note: 'The test asserts a single table on the page, nothing about its cells.' }],
  }),
];

/** The suite's other PDFs, and why they have no truth here. */
export const TABULA_NOT_USED: Record<string, string> = {
  '12s0324.pdf, m27.pdf, arabic.pdf': "camelot's copies carry the truth (camelot/); tabula's tests check single cells of them",
  'S2MNCEbirdisland.pdf': "the same file as camelot's birdisland.pdf, which carries the truth; tabula's test counts its pages",
  'campaign_donors.pdf': 'testVerticalRulingsPreventMergingOfColumns checks two cells of one row',
  'mednine.pdf': 'testRealLifeRTL checks isolated cells (11 of the 12 cells of one row)',
  'puertos1.pdf':
    "testExtractSpreadsheetWithinAnArea compares row and cell counts only; its inline CSV is cut by the test's area (no Partida column, no last column)",
  'encrypted.pdf': 'opens only with a user password; the test checks one line',
  '20.pdf': 'testMergeLinesCloseToEachOther checks ruling positions',
  'sydney_disclosure_contract.pdf, failing_sort.pdf': 'the tests check the order of the tables found, not their cells',
  'labor.pdf, rotated_page.pdf, should_detect_rulings.pdf, npe_issue_206.pdf, cs-en-us-pbms.pdf, sort_exception.pdf, jpeg2000.pdf':
    'tests that extraction does not fail, or about rulings and text positions: no cells',
};
