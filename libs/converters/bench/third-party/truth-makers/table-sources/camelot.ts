import { SPLIT_HEADER, type DocumentSource } from './types';

/**
 * camelot (github.com/camelot-dev/camelot), files in tests/files/, expectations in
 * tests/data.py (our copy: expected-data.py), mapped to PDF, page and flavour by the
 * tests named in `test`. camelot reads page 1 unless a test passes `pages`. Where
 * several flavours expect the same PDF, the expectation without a title or footnote
 * row taken into the table is used, and the note says which. Not used: the ICDAR 2013
 * files (tabula/us-030.pdf for data_lattice, tabula/us-007.pdf for data_stream_table_areas
 * and data_network_table_regions), health_protected.pdf (health.pdf with a password),
 * and data_*_strip_text (the test strips spaces and commas out of every cell).
 *
 * Spanned cells: lattice expectations put a spanning cell's text in its top-left grid
 * cell and leave the cells it covers empty (copy_text repeats it instead); the rows
 * here keep those cells, as the source gives them.
 */
const BLANKED_SPANS = 'Spanning cells as camelot gives them: the text in the top-left grid cell, the cells it covers empty.';

const camelot = (
  file: string,
  rest: Omit<DocumentSource, 'project' | 'file' | 'from' | 'upstream'> & { from?: string },
): DocumentSource => ({
  project: 'camelot',
  file,
  from: rest.from ?? file,
  upstream: `tests/files/${rest.from ?? file}`,
  ...rest,
});

export const CAMELOT: DocumentSource[] = [
  // tests/test_stream.py test_stream (also test_network, test_common.py test_password): flavor stream.
  camelot('health.pdf', {
    test: 'tests/test_stream.py test_stream; tests/test_network.py test_network',
    method: 'stream, page 1',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_stream' },
        note: `data_stream (stream, network); data_hybrid adds the table's title as a first row. The ${SPLIT_HEADER}.`,
      },
    ],
  }),
  // tests/test_network.py test_network_table_rotated: clockwise_table_2.pdf and anticlockwise_table_2.pdf, flavor network.
  ...['clockwise_table_2.pdf', 'anticlockwise_table_2.pdf'].map((file) =>
    camelot(file, {
      test: 'tests/test_network.py test_network_table_rotated (also test_stream.py test_stream_table_rotated)',
      method: 'network, page 1 (a page rotated a quarter turn)',
      genre: 'statistical-table',
      pages: [1],
      tablesComplete: true,
      tables: [
        {
          page: 1,
          expect: { from: 'camelot', name: 'data_network_table_rotated' },
          note: `data_network_table_rotated; the stream expectation adds the title row, the hybrid one the title and the notes. The ${SPLIT_HEADER}; the column-group labels (Modern method, Traditional method) sit in one cell of their own row.`,
        },
      ],
    }),
  ),
  // tests/test_network.py test_network_two_tables_a (also test_hybrid.py test_hybrid_two_tables): tabula/12s0324.pdf, network, two tables.
  camelot('12s0324.pdf', {
    from: 'tabula/12s0324.pdf',
    test: 'tests/test_network.py test_network_two_tables_a; tests/test_hybrid.py test_hybrid_two_tables',
    method: 'network, page 1',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [1, 2].map((n) => ({
      page: 1,
      expect: { from: 'camelot', name: `data_network_two_tables_${n}` } as const,
      note:
        `data_network_two_tables_${n} (the stream expectation adds the headnote lines and the footnote). The ${SPLIT_HEADER}. ` +
        "Row labels keep their dot leaders; some figures carry a stray space ('11,062 .6') as the tool read them.",
    })),
  }),
  // tests/test_network.py test_network_two_tables_b: multiple_tables.pdf, network, two tables.
  camelot('multiple_tables.pdf', {
    test: 'tests/test_network.py test_network_two_tables_b',
    method: 'network, page 1',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [1, 2].map((n) => ({ page: 1, expect: { from: 'camelot', name: `data_network_two_tables_b_${n}` } as const })),
  }),
  // tests/test_hybrid.py test_hybrid_vertical_header (test_network.py test_network_vertical_header expects fewer columns).
  camelot('vertical_header.pdf', {
    test: 'tests/test_hybrid.py test_hybrid_vertical_header',
    method: 'hybrid, page 1',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_hybrid_vertical_headers' },
        note:
          "data_hybrid_vertical_headers: the network expectation lacks the office row (STATE, CONGRESSIONAL, ...) and three columns, Dist #5 among them. The candidates' names are printed vertically; " +
          "in both expectations the office and race labels land over neighbouring columns and two-line labels are split into rows ('Distri' | 'ct #2'), as camelot reads them.",
      },
    ],
  }),
  // tests/test_stream.py test_stream_columns (also hybrid, network): columns=["67,180,230,425,475"], row_tol=10.
  camelot('mexican_towns.pdf', {
    test: 'tests/test_stream.py test_stream_columns',
    method: 'stream, page 1, columns 67,180,230,425,475, row_tol 10',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [{ page: 1, expect: { from: 'camelot', name: 'data_stream_columns' }, note: `The ${SPLIT_HEADER}.` }],
  }),
  // tests/test_stream.py test_stream_split_text: tabula/m27.pdf, columns=["72,95,209,327,442,529,566,606,683"], split_text.
  camelot('m27.pdf', {
    from: 'tabula/m27.pdf',
    test: 'tests/test_stream.py test_stream_split_text (data_network_split_text is the same)',
    method: 'stream, page 1, columns 72,95,209,327,442,529,566,606,683, split_text',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_stream_split_text' },
        fixes: [{ kind: 'dropRows', rows: [0, 1, 2] }],
        note:
          "The first three rows of the expectation are the page's running head cut apart by the test's fixed column positions ('FEB | RUAR | Y 2014 M27 (BUS)'), not table rows; dropped. " +
          `The ${SPLIT_HEADER}, and so are cells over two lines (a street address, a long name): the first line is a row of its own.`,
      },
    ],
  }),
  // tests/test_stream.py test_stream_flag_size: superscript.pdf, flag_size=True.
  camelot('superscript.pdf', {
    test: 'tests/test_stream.py test_stream_flag_size',
    method: 'stream, page 1, flag_size',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_stream_flag_size' },
        fixes: [{ kind: 'replace', pattern: /<\/?s>/g, replacement: '' }],
        note: `data_stream_flag_size (network adds the '(As at end-March)' and '(\` Billion)' lines above). flag_size wraps a superscript in <s></s>; the tags are removed, the footnote mark stays ('24.912'). The ${SPLIT_HEADER}.`,
      },
    ],
  }),
  // tests/test_stream.py test_stream_layout_kwargs: detect_vertical_false.pdf, layout_kwargs={"detect_vertical": False}.
  camelot('detect_vertical_false.pdf', {
    test: 'tests/test_stream.py test_stream_layout_kwargs',
    method: 'stream, page 1, layout_kwargs detect_vertical False',
    genre: 'price-list',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_stream_layout_kwargs' },
        note: "The title is letter-spaced in the PDF ('V i n s a u V e r r e'); the strip_text expectations of this file are not used (they remove every space).",
      },
    ],
  }),
  // tests/test_network.py test_network_edge_tol: edge_tol.pdf, edge_tol=500.
  camelot('edge_tol.pdf', {
    test: 'tests/test_network.py test_network_edge_tol',
    method: 'network, page 1, edge_tol 500',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_network_edge_tol' },
        fixes: [{ kind: 'replace', pattern: /^([A-Z])\n(?=[a-z])/, replacement: '$1' }],
        note: "data_network_edge_tol (the stream expectation takes the three footnote lines in too). camelot breaks a line after the first capital of some labels ('C\\nlass A'); the page reads 'Class A', so the break is removed.",
      },
    ],
  }),
  // tests/test_lattice.py test_lattice_table_rotated: clockwise_table_1.pdf and anticlockwise_table_1.pdf, lattice.
  ...['clockwise_table_1.pdf', 'anticlockwise_table_1.pdf'].map((file) =>
    camelot(file, {
      test: 'tests/test_lattice.py test_lattice_table_rotated',
      method: 'lattice, page 1 (a page rotated a quarter turn)',
      genre: 'statistical-table',
      pages: [1],
      tablesComplete: true,
      tables: [{ page: 1, expect: { from: 'camelot', name: 'data_lattice_table_rotated' }, note: BLANKED_SPANS }],
    }),
  ),
  // tests/test_lattice.py test_lattice_two_tables: twotables_2.pdf, lattice, two tables.
  // (test_lattice_table_areas reads the first table again through an area that adds an empty row and column.)
  camelot('twotables_2.pdf', {
    test: 'tests/test_lattice.py test_lattice_two_tables',
    method: 'lattice, page 1',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [1, 2].map((n) => ({
      page: 1,
      expect: { from: 'camelot', name: `data_lattice_two_tables_${n}` } as const,
      note: BLANKED_SPANS,
    })),
  }),
  // tests/test_lattice.py test_lattice_table_regions: table_region.pdf, table_regions=["170,370,560,270"].
  camelot('table_region.pdf', {
    test: 'tests/test_lattice.py test_lattice_table_regions',
    method: 'lattice, page 1, table_regions 170,370,560,270',
    genre: 'prospectus',
    pages: [1],
    tablesComplete: false,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_lattice_table_regions' },
        note: 'The test looks only in a region of the page; the ruled layout around it is not checked.',
      },
    ],
  }),
  // tests/test_lattice.py test_lattice_process_background: background_lines_1.pdf, process_background, tables[1].
  camelot('background_lines_1.pdf', {
    test: 'tests/test_lattice.py test_lattice_process_background',
    method: 'lattice, page 1, process_background (the second table found)',
    genre: 'report',
    pages: [1],
    tablesComplete: false,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_lattice_process_background' },
        note: 'data_lattice_process_background; the hybrid expectation splits each wrapped cell into rows. The test checks the second table camelot finds on the page, not the first.',
      },
    ],
  }),
  // tests/test_lattice.py test_lattice_copy_text: row_span_1.pdf, line_scale=60, copy_text="v".
  camelot('row_span_1.pdf', {
    test: 'tests/test_lattice.py test_lattice_copy_text',
    method: 'lattice, page 1, line_scale 60, copy_text v',
    genre: 'statistical-table',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_lattice_copy_text' },
        flatSpans: 'copied-down',
        note: "copy_text='v' repeats the text of a cell spanning rows in every row it covers (GMC, COHS, PCCM, Sacramento, San Diego, Partnership Health Plan of CA, ...); the page prints it once.",
      },
    ],
  }),
  // tests/test_lattice.py test_lattice_shift_text: column_span_2.pdf, line_scale=40, default shift_text (left, top).
  camelot('column_span_2.pdf', {
    test: 'tests/test_lattice.py test_lattice_shift_text (the default, data_lattice_shift_text_left_top)',
    method: 'lattice, page 1, line_scale 40',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [{ page: 1, expect: { from: 'camelot', name: 'data_lattice_shift_text_left_top' }, note: BLANKED_SPANS }],
  }),
  // tests/test_lattice.py test_lattice_arabic (tabula/arabic.pdf, lattice) for the table's shape and its empty cell;
  // tabula-java TestSpreadsheetExtractor.java testRTL for the cells' text (its row n is row n-1 here).
  camelot('arabic.pdf', {
    from: 'tabula/arabic.pdf',
    test: 'tests/test_lattice.py test_lattice_arabic; tabula-java TestSpreadsheetExtractor.java testRTL',
    method: 'lattice, page 1',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: {
          from: 'test',
          rows: [
            ['مرحباً', 'اسمي سلطان'],
            ['انا من ولاية كارولينا الشمال', 'من اين انت؟'],
            ['1234', 'عندي 47 قطط'],
            ['هل انت شباك؟', 'اسمي Jeremy في الانجليزية'],
            ['Jeremy is جرمي in Arabic', ''],
          ],
        },
        note:
          "Both suites test this table. camelot's data_arabic gives all ten cells, but in visual order with Arabic presentation forms (the letters reversed); " +
          "tabula-java's testRTL gives nine of them in logical order, which the text here is. The empty last cell is camelot's.",
      },
    ],
  }),
  // tests/test_stream.py test_stream_duplicated_text: birdisland.pdf (= tabula's S2MNCEbirdisland.pdf), stream.
  camelot('birdisland.pdf', {
    test: 'tests/test_stream.py test_stream_duplicated_text',
    method: 'stream, page 1',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'camelot', name: 'data_stream_duplicated_text' },
        note:
          "The PDF draws much of its text twice (a fake bold); the expectation has it once. Stream takes the report's heading lines and field-information block above the yield table in as rows, " +
          'and stops before the C.V. row. The file is owner-password protected (no password to open).',
      },
    ],
  }),
  // tests/test_stream.py test_stream_inner_outer_columns: stream_inner_outer_columns.pdf, stream.
  camelot('stream_inner_outer_columns.pdf', {
    test: 'tests/test_stream.py test_stream_inner_outer_columns',
    method: 'stream, page 1',
    genre: 'synthetic',
    pages: [1],
    tablesComplete: true,
    tables: [{ page: 1, expect: { from: 'camelot', name: 'data_stream_inner_outer_columns' } }],
  }),
  // tests/test_lattice.py test_lattice_split_text: split_text_lattice.pdf, line_scale=60, split_text.
  camelot('split_text_lattice.pdf', {
    test: 'tests/test_lattice.py test_lattice_split_text',
    method: 'lattice, page 1, line_scale 60, split_text',
    genre: 'government-list',
    pages: [1],
    tablesComplete: true,
    tables: [{ page: 1, expect: { from: 'camelot', name: 'data_lattice_split_text' } }],
  }),
  // tests/test_common.py test_repr: foo.pdf, lattice: one table of shape (7, 7), no cells checked.
  camelot('foo.pdf', {
    test: 'tests/test_common.py test_repr',
    method: 'lattice, page 1',
    genre: 'report',
    pages: [1],
    tablesComplete: true,
    tables: [
      {
        page: 1,
        expect: { from: 'shape' },
        partial: { rowCount: 7, columnCount: 7 },
        note: "The test asserts one table of 7 rows and 7 columns (camelot's grid), nothing about its cells.",
      },
    ],
  }),
];

/** The suite's other PDFs, and why they have no truth here. */
export const CAMELOT_NOT_USED: Record<string, string> = {
  'health_protected.pdf': 'health.pdf with a password (test_password expects the same rows)',
  'column_span_1.pdf': 'a newer test_lattice.py checks only the spans of three header cells (Sl. No., Accidental Deaths, Suicides)',
  'tabula/us-007.pdf, tabula/icdar2013-dataset/.../us-030.pdf':
    'ICDAR 2013 table-competition files: off limits (and not in the shared copy)',
  'agstat.pdf, assam.pdf, background_lines_2.pdf, budget.pdf, budget_2014-15.pdf, diesel_engines.pdf, district_health.pdf, electoral_roll.pdf, good_energy.pdf, hybrid_multipage.pdf, image.pdf, issue_288.pdf, medicine.pdf, missing_values.pdf, population_growth.pdf, rainfall_distribution.pdf, row_span_2.pdf, row_span_3.pdf, tableception.pdf, twotables_1.pdf':
    'used by the CLI, plotting, error or table-count tests: no expected cells',
  'empty.pdf, only_page_number.pdf': 'no table, on purpose',
  'foo.csv': 'a two-cell CSV (a, b / 1, 2), not the cells of foo.pdf',
  'tabula/*.pdf (the rest)': "copies of tabula-java's files, see there",
};
