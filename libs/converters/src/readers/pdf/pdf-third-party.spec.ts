import { join } from 'node:path';
import { renderFile } from '../../testing/fixtures';

/**
 * Headings a PDF declares apart from its drawing, on third-party files from the
 * benchmark's development half (libs/converters/bench/third-party, sources and licences
 * in its SOURCES.md): a LaTeX manual's outline, a contents page, LibreOffice exports' tag
 * trees, and a statistical table set sideways (camelot's tests).
 */
const CORPUS = join(__dirname, '../../../bench/third-party/corpus');

const markdownOf = async (file: string, declaredStructure = true) =>
  (await renderFile(join(CORPUS, file), 'application/pdf', 'markdown', undefined, { declaredStructure })) as string;

const headings = (markdown: string) => markdown.split('\n').filter((line) => /^#{1,6} /.test(line));

describe('a manual with bookmarks (mpich-doc user.pdf, pdfTeX)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('debian/mpich-doc/user.pdf')));

  it('levels its headings as the outline does, numbered sections found by their titles', () => {
    expect(headings(markdown)).toEqual(
      expect.arrayContaining([
        '# 1 Introduction',
        '# 2 Getting Started with MPICH',
        '## 2.1 Default Runtime Environment',
        '### 5.4.1 mpiexec arguments for gforker',
        '# 8 Checkpointing',
      ]),
    );
  });

  it('finds a title that wraps over two lines as one heading', () => {
    expect(markdown).toMatch(/^## 5\.4 Extensions for the gforker Process Management Envi- ?ronment$/m);
  });

  it('never takes a contents entry for the heading it points to', () => {
    expect(headings(markdown).filter((line) => line.endsWith('Introduction'))).toEqual(['# 1 Introduction']);
  });
});

describe('a tagged export with line numbers (aprx requirement specification, LibreOffice)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('libreoffice/aprx/aprx-requirement-specification.pdf')));

  it('leaves out what the file declares artifacts: the margin’s line numbers make no table of numbered lines', () => {
    expect(markdown).toContain('Listen on messages with a radio');
    expect(markdown).not.toMatch(/^\| 1[2-7] \|/m);
    expect(markdown.split('\n').filter((line) => line.startsWith('|')).length).toBeLessThan(40);
  });

  it('keeps the dot leaders, artifacts too, that make its contents page a list', () => {
    expect(markdown).toContain('- 1 APRX Software Requirement Specification … 2\n  - 1.1 Purpose: … 2\n');
  });
});

describe("a manual's contents page (pari-doc parallel.pdf, PARI/GP's parallel GP)", () => {
  it('becomes a list, one item per entry, nested as the page indents them', async () => {
    const markdown = await markdownOf('debian/pari-doc/parallel.pdf');
    expect(markdown).toContain('- **Chapter 1: Parallel GP interface … 5**\n  - 1.1 Configuration … 5\n    - 1.1.1 POSIX threads … 5\n');
    expect(markdown).not.toMatch(/(\. ){5}/);
  });
});

describe('a manual page printed from HTML (PostgreSQL 15 datatype-net-types, Chromium, untagged)', () => {
  let markdown: string;
  beforeAll(async () => (markdown = await markdownOf('html/postgresql-15/datatype-net-types.pdf')));

  it('puts numbered sub-sections whose title is a word in code below their section', () => {
    expect(headings(markdown)).toEqual(
      expect.arrayContaining(['## 8.9. Network Address Types', '### 8.9.1. inet', '### 8.9.3. inet vs. cidr']),
    );
  });

  it('finds a numbered heading whose title is set in code even beside a code block (8.9.4. macaddr)', () => {
    expect(headings(markdown)).toEqual(expect.arrayContaining(['### 8.9.4. macaddr', '### 8.9.5. macaddr8']));
  });

  it('keeps a bold table caption as a paragraph, never a heading', () => {
    expect(markdown).toContain('**Table 8.21. Network Address Types**');
    expect(headings(markdown).filter((line) => /^#+ Table/.test(line))).toEqual([]);
  });
});

describe('a tagged LibreOffice export (fonts-sil-taiheritagepro Future-THP-Modifications.pdf)', () => {
  it('takes the levels its tag tree gives (H1, H2), where the type alone would rank them otherwise', async () => {
    const tagged = headings(await markdownOf('libreoffice/fonts-sil-taiheritagepro/Future-THP-Modifications.pdf'));
    expect(tagged).toEqual(
      expect.arrayContaining(['# Future Tai Heritage Pro Modifications', '# 5\\. Cross-Word Collisions', '## Conceptual foundation']),
    );
    const alone = headings(await markdownOf('libreoffice/fonts-sil-taiheritagepro/Future-THP-Modifications.pdf', false));
    expect(alone).not.toContain('## Conceptual foundation');
  });
});

describe('a tagged table with merged cells (fonts-sil-taiheritagepro TaiHeritagePro-features.pdf, LibreOffice)', () => {
  type JsonTable = { type: string; rows: Array<{ header: boolean; cells: Array<{ text: string; rowSpan?: number }> }> };
  let table: JsonTable;
  beforeAll(async () => {
    const json = (await renderFile(
      join(CORPUS, 'libreoffice/fonts-sil-taiheritagepro/TaiHeritagePro-features.pdf'),
      'application/pdf',
      'json',
    )) as {
      blocks: JsonTable[];
    };
    table = json.blocks.find((block) => block.type === 'table')!;
  });

  it('takes its rows, cells and header row from the tag tree (TR, TH, TD)', () => {
    expect(table.rows[0]).toMatchObject({
      header: true,
      cells: [{ text: 'Feature Name' }, { text: 'Feature ID' }, { text: 'Feature Value' }, { text: 'Effect' }, { text: 'Examples' }],
    });
    expect(table.rows[1].cells.slice(0, 3).map((cell) => cell.text)).toEqual(['Vowel Position', 'vowp', '0 (default)']);
  });

  it('keeps the empty cells the file declares (pdf.js leaves them out of its tree), and makes up no span over them', () => {
    // The source (TaiHeritagePro-features.odt) has three cells in that row, the first two empty.
    expect(table.rows[2].cells.slice(0, 3).map((cell) => cell.text)).toEqual(['', '', '1']);
    expect(table.rows[1].cells[0]).toEqual({ text: 'Vowel Position' });
  });
});

describe('a tagged table that goes on over a page break (pscan-chip README.pdf, LibreOffice)', () => {
  it('is one table, as the file declares it, though its centred first column starts elsewhere on the next page', async () => {
    const markdown = await markdownOf('libreoffice/pscan-chip/pscan-chip-README.pdf');
    const table = markdown.slice(markdown.indexOf('| Cell Line |'));
    const rows = table.slice(0, table.search(/\n(?!\|)/)).split('\n');
    // The header, its rule and 40 cell lines: HMVEC-dBl-Neo the last on the first page, HMVEC-dLy-Neo the first on the next.
    expect(rows).toHaveLength(42);
    expect(rows.filter((row) => row.startsWith('| **HMVEC-d'))).toHaveLength(3);
    expect(rows[rows.length - 1]).toBe('| **Th1** | Th1.jaspar.bg | Th1.transfac.bg |');
  });

  it('gives each of its rows in the json tree the page it is on', async () => {
    type JsonRow = { page?: number; cells: Array<{ text: string }> };
    const json = (await renderFile(join(CORPUS, 'libreoffice/pscan-chip/pscan-chip-README.pdf'), 'application/pdf', 'json')) as {
      blocks: Array<{ type: string; page: number; rows?: JsonRow[] }>;
    };
    const table = json.blocks.find((block) => block.rows?.[0]?.cells[0]?.text === 'Cell Line')!;
    const pageOf = (name: string) => table.rows!.find((row) => row.cells[0].text === name)?.page;
    expect(table.rows!.every((row) => row.page !== undefined)).toBe(true);
    expect(table.rows![0].page).toBe(table.page);
    expect(pageOf('HMVEC-dBl-Neo')).toBe(table.page);
    expect(pageOf('HMVEC-dLy-Neo')).toBe(table.page + 1);
    expect(pageOf('Th1')).toBe(table.page + 1);
  });
});

describe('a tagged table whose cells span columns (python3-relatorio basic.pdf, LibreOffice)', () => {
  type JsonTable = { type: string; rows: Array<{ header: boolean; cells: Array<{ text: string; rowSpan?: number; colSpan?: number }> }> };
  let table: JsonTable;
  beforeAll(async () => {
    const json = (await renderFile(join(CORPUS, 'libreoffice/python3-relatorio/basic.pdf'), 'application/pdf', 'json')) as {
      blocks: JsonTable[];
    };
    table = json.blocks.find((block) => block.type === 'table')!;
  });

  it('takes the spans from the cells’ attributes in the file (ColSpan), which pdf.js’s tree does not carry', () => {
    // The source (basic.odt): a loop marker across all five columns, and totals whose label spans the first four.
    expect(table.rows[1].cells[0]).toEqual({ text: 'for each="line in o.lines"', colSpan: 5 });
    expect(table.rows[4].cells[0]).toEqual({ text: 'Subtotal', colSpan: 4 });
    expect(table.rows[4].cells[4]).toEqual({ text: 'o.total' });
    expect(table.rows[0]).toMatchObject({
      header: true,
      cells: [{ text: 'Article' }, { text: 'Reference' }, { text: 'Quantity' }, { text: 'Unit Price' }, { text: 'Amount' }],
    });
  });
});

describe('a tagged spreadsheet export that declares its whole layout grid (camelot vertical_header.pdf, Excel)', () => {
  it('drops the rows and columns in which no cell has text', async () => {
    const markdown = await markdownOf('camelot/vertical_header.pdf');
    const rows = pipeRows(markdown);
    // The sheet is printed a band of its columns per page, each band holding the same rows: not parts to stack into one table.
    expect(markdown.split('\n').filter((line) => line.startsWith('| ---'))).toHaveLength(4);
    expect(rows.every((row) => row.some((cell) => cell !== ''))).toBe(true);
    const width = rows[0].length;
    for (let c = 0; c < width; c++) expect(rows.some((row) => row[c] !== '')).toBe(true);
    expect(rows.find((row) => row[0] === '**Alcona**')?.slice(0, 9)).toEqual([
      '**Alcona**',
      '**963**',
      '439',
      '55',
      '26',
      '47',
      '164',
      '173',
      '111',
    ]);
  });
});

describe('a table set sideways on its page (camelot anticlockwise_table_2.pdf)', () => {
  it('is read with the page turned upright: its rows come out as rows', async () => {
    const markdown = await markdownOf('camelot/anticlockwise_table_2.pdf');
    expect(markdown).toContain(
      '| Scheduled caste | 74.8 | 55.8 | 42.9 | 0.9 | 9.7 | 0.0 | 0.2 | 2.2 | 0.0 | 19.0 | 11.2 | 7.4 | 0.4 | 25.2 | 100.0 | 1,363 |',
    );
    expect(markdown).toMatch(/^Table 21 Current use of contraception by background characteristics/);
  });
});

/** The rows of every pipe table in the markdown, each row's cells trimmed. */
const pipeRows = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim()),
    );

describe('tables as other projects test them (development half of the third-party benchmark)', () => {
  it('a statistical table: a header of several lines over right-aligned figures, and groups of rows under label lines, one table', async () => {
    const rows = pipeRows(await markdownOf('camelot/anticlockwise_table_2.pdf'));
    expect(rows[0][5]).toBe('Modern method');
    expect(rows[3].slice(0, 7)).toEqual(['Background characteristic', 'method', 'method', 'sterilization', 'sterilization', 'Pill', 'IUD']);
    expect(rows[4][0]).toBe('**Caste/tribe**');
    expect(rows.find((row) => row[0] === '**Wealth index**')).toBeDefined();
    expect(rows.findIndex((row) => row[0] === 'Lowest')).toBeGreaterThan(rows.findIndex((row) => row[0] === 'Scheduled caste'));
  });

  it('a header row whose cells are centred down it, each at its own height, is one row (camelot twotables_2.pdf)', async () => {
    // Set in bold, as the source sets it.
    const rows = pipeRows(await markdownOf('camelot/twotables_2.pdf')).map((row) => row.map((cell) => cell.replace(/\*\*/g, '')));
    expect(rows.filter((row) => row[0] === 'State')).toEqual([
      ['State', 'n', 'Illiterate', 'Read & Write', '1-4 std.', '5-8 std.', '9-12 std.', 'College'],
      ['State', 'n', 'Illiterate', 'Read & Write', '1-4 std.', '5-8 std.', '9-12 std.', 'College'],
    ]);
  });

  it('centred columns and first cells only some rows fill (camelot stream_inner_outer_columns.pdf)', async () => {
    expect(pipeRows(await markdownOf('camelot/stream_inner_outer_columns.pdf'))).toEqual([
      ['Outer 1', 'Outer 2', 'Long 1', 'Long 2', 'Inner', 'Long 3'],
      ['A1', 'B1', 'C1', 'D1', 'E1', 'F1'],
      ['', '', 'C2', 'D2', '', 'F2'],
      ['', '', 'C3', 'D3', '', 'F3'],
      ['', '', 'C4', 'D4', '', 'F4'],
    ]);
  });

  it('a line that would have fitted on the one above is a row of its own, not a wrapped cell (camelot detect_vertical_false.pdf)', async () => {
    const rows = pipeRows(await markdownOf('camelot/detect_vertical_false.pdf'));
    expect(rows).toContainEqual(['A.O.P Côtes du Rhône', '']);
    expect(rows).toContainEqual(['Domaine de Montvac « Melodine » 2016', '10 €']);
  });

  it('a label line under the widest cell of its column goes as that column’s other label lines do, and sections a blank space apart stay one table (camelot detect_vertical_false.pdf)', async () => {
    const markdown = await markdownOf('camelot/detect_vertical_false.pdf');
    const rows = pipeRows(markdown);
    expect(rows).toContainEqual(['Domaine de la Guicharde « Autour de la chapelle » 2016', '8 €']);
    expect(rows.filter((row) => row[0] === 'A.O.P Vacqueyras')).toEqual([
      ['A.O.P Vacqueyras', ''],
      ['A.O.P Vacqueyras', ''],
    ]);
    expect(markdown.split('\n').filter((line) => line.startsWith('| ---'))).toHaveLength(1);
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(['Les Blancs', 'Les Rosés', 'Les Rouges']));
  });

  it('a row whose value cell is set in code beside a label is a row, not a code block (Debian Handbook, ldap-directory, Chromium)', async () => {
    const markdown = await markdownOf('html/debian-handbook/sect.ldap-directory.pdf');
    expect(pipeRows(markdown)).toContainEqual(['Manager DN', '`cn=admin,dc=falcot,dc=com`']);
    expect(markdown).not.toMatch(/^```\nManager DN/m);
  });

  it('a numbered row (a number, then cells) is a table row, and lines set close under a padded row are its cells wrapped (SQLite prosupport, Chromium)', async () => {
    const rows = pipeRows(await markdownOf('html/sqlite/prosupport.pdf')).map((row) =>
      row.map((cell) => cell.replace(/\*\*|\[|\]\([^)]*\)/g, '')),
    );
    expect(rows).toContainEqual([
      '1.',
      'Public Forum. Help and advice from a world-wide community of experts.',
      'Free',
      'More Info Recent Posts',
    ]);
    expect(rows.filter((row) => row[0] === '')).toEqual([]);
  });

  it('a two-column table whose cells sit a little over a word space apart is a table, its rows split where the one wide-gapped row starts its second cell (SQLite recovery, Chromium)', async () => {
    const rows = pipeRows(await markdownOf('html/sqlite/recovery.pdf')).map((row) =>
      row.map((cell) => cell.replace(/\[|\]\([^)]*\)|\\/g, '')),
    );
    expect(rows).toEqual([
      ['sqlite3recover.c', 'This is the main source file that implements the recovery API.'],
      ['sqlite3recover.h', 'This is the header file that goes with sqlite3recover.h.'],
      ['dbdata.c', 'This file implements two virtual tables name "sqlite_dbdata" and "sqlite_dbptr" that required by sqlite3recover.c.'],
    ]);
  });

  it('a row whose label is as wide as its column, its value a word space after it, is cut where the rows above and below start their values (Apache mod_status, Chromium)', async () => {
    const rows = pipeRows(await markdownOf('html/apache-2.4/mod_status.pdf'));
    expect(rows).toEqual([
      ['**Description:**', 'Provides information on server activity and performance'],
      ['**Status:**', 'Base'],
      ['**Module Identifier:**', 'status\\_module'],
      ['**Source File:**', 'mod\\_status.c'],
    ]);
  });

  it('a first row whose label is as wide as its column is the table’s first row, cut where the cells below start (Apache mod_usertrack, Chromium)', async () => {
    const markdown = await markdownOf('html/apache-2.4/mod_usertrack.pdf');
    expect(markdown).toContain('| **Description:** | The domain to which the tracking cookie applies |\n| --- | --- |\n| **Syntax:** |');
  });

  it('a line between two rows, its label a word space from its value, keeps the rows around it one table (Apache mod_proxy_html, Chromium)', async () => {
    const rows = pipeRows(await markdownOf('html/apache-2.4/mod_proxy_html.pdf'));
    expect(rows.slice(0, 3)).toEqual([
      ['**Description:**', "Rewrite HTML links in to ensure they are addressable from Clients' networks in a proxy context."],
      ['**Status:**', 'Base'],
      ['**Module Identifier:**', 'proxy\\_html\\_module'],
    ]);
    // The last row's label is as wide as its column too, and its value wraps under it.
    expect(rows).toContainEqual(['**Compatibility:**', 'Version 2.4 and later; available as a third-party for earlier 2.x versions']);
  });

  it('a word longer than its column, broken over two lines of a tagged cell, is one word again (pscan-chip README, LibreOffice)', async () => {
    const rows = pipeRows(await markdownOf('libreoffice/pscan-chip/pscan-chip-README.pdf'));
    const byLabel = (label: string) => rows.find((row) => row[0].replace(/[*\\]/g, '') === label)?.slice(1);
    expect(byLabel('PROMOTERS')).toEqual(['promoters.jaspar.bg', 'promoters.transfac.bg']);
    expect(byLabel('GM06990')).toEqual(['Gm06990.jaspar.bg', 'Gm06990.transfac.bg']);
  });

  it('a ruled table whose drawing leaves borders out has those cells spanning rows and columns (camelot row_span_1.pdf, column_span_2.pdf)', async () => {
    const html = async (file: string) =>
      (await renderFile(join(CORPUS, file), 'application/pdf', 'markdown', { tables: 'html' })) as string;
    const rowSpans = await html('camelot/row_span_1.pdf');
    expect(rowSpans).toContain('<tr><td rowspan="10"><strong>GMC</strong></td><td rowspan="4">Sacramento</td><td>Anthem Blue Cross</td>');
    expect(rowSpans).toContain('<td colspan="2"><strong>Total GMC Enrollment</strong></td>');
    expect(await html('camelot/column_span_2.pdf')).toContain(
      '<tr><td>Anthropometry</td><td rowspan="3">2400</td><td rowspan="3" colspan="5">All the available individuals</td></tr>',
    );
  });

  it('a combining mark drawn as an item of its own stays on its letter in a right-to-left word (camelot arabic.pdf)', async () => {
    const rows = pipeRows(await markdownOf('camelot/arabic.pdf'));
    expect(rows[0]).toEqual(['مرحباً', 'اسمي سلطان']);
  });

  it('a sheet printed without its outer frame keeps its first and last columns (tabula spreadsheet_no_bounding_frame.pdf)', async () => {
    const rows = pipeRows(await markdownOf('tabula/spreadsheet_no_bounding_frame.pdf'));
    expect(rows[0][0]).toBe('PRODUCTS');
    expect(rows).toContainEqual(['**COTTON**', '**1.393,4**', '**886,7**', '**894,9**', '**(35,8)**', '**(498,5)**']);
  });

  it('a tagged table whose exporter lists a row’s cells out of order is read left to right (pdfplumber WARN report, Excel)', async () => {
    // The sheet's title lines are rows of the tagged table too; its header row is set in bold.
    const rows = pipeRows(await markdownOf('pdfplumber/WARN-Report-for-7-1-2015-to-03-25-2016.pdf')).map((row) =>
      row.map((cell) => cell.replace(/\*\*/g, '')),
    );
    const header = rows.findIndex((row) => row[0] === 'Notice Date');
    expect(rows[header]).toEqual(['Notice Date', 'Effective', 'Received', 'Company', 'City', 'No. Of', 'Layoff/Closure']);
    expect(rows[header + 2]).toEqual([
      '06/30/2015',
      '08/29/2015',
      '07/01/2015',
      'McGraw-Hill Education',
      'Monterey',
      '137',
      'Layoff Unknown at this time',
    ]);
  });

  it('a right-to-left table in a frame: Hebrew row labels in the last column, in reading order (tabula indictb1h_14.pdf)', async () => {
    const rows = pipeRows(await markdownOf('tabula/indictb1h_14.pdf'));
    expect(rows[0].slice(0, 6)).toEqual(['**2014**', '**2013**', '**2012**', '**2011**', '**2010**', '**2009**']);
    expect(rows).toContainEqual(['0.7', '1.3', '1.1', '2.3', '3.8', '0.1', 'סך הכל - לנפש']);
    expect(rows).toContainEqual(['', '', '', '', '', '', 'ההוצאה לצריכה ציבורית:']);
  });
});

describe("a tagged Excel export (pdfplumber's WARN report)", () => {
  it("reads the sheet's title lines above the header row as text, not as rows of its table", async () => {
    const markdown = await markdownOf('pdfplumber/WARN-Report-for-7-1-2015-to-03-25-2016.pdf');
    const firstTable = markdown.split('\n').findIndex((line) => line.startsWith('|'));
    expect(markdown.split('\n')[firstTable]).toBe('| Notice Date | Effective | Received | Company | City | No. Of | Layoff/Closure |');
    expect(markdown.split('\n').slice(0, firstTable).join('\n')).toContain('WARN Report');
    expect(markdown).toContain('| 06/22/2015 | 03/25/2016 | 07/01/2015 | Maxim Integrated Product | San Jose | 150 | Closure Permanent |');
  });
});

describe('a workbook printed by LibreOffice Calc, a page per sheet (gdata ExampleExcelFile.xls)', () => {
  it('reads centred cells as columns, and keeps a last row that two pages end on', async () => {
    const markdown = await markdownOf('spreadsheets/r-cran-gdata/ExampleExcelFile.pdf');
    const rows = pipeRows(markdown).map((row) => row.map((cell) => cell.replace(/\*/g, '')));
    expect(rows).toContainEqual(['', 'D', 'E', 'F', 'G', 'Factor']);
    expect(rows).toContainEqual(['SecondRow', '2', '1', 'NA', 'NA', 'Green']);
    // Sheets 2 and 4 both end on this row: it is the body's, not a running footer.
    expect(rows.filter((row) => row[0] === 'FourthRow')).toHaveLength(2);
  });

  it('splits right-aligned values from the column two points after them, and keeps sheets on pages of their own size apart (readxl type-me.xlsx)', async () => {
    const markdown = await markdownOf('spreadsheets/r-cran-readxl/type-me.pdf');
    const rows = pipeRows(markdown);
    expect(rows).toContainEqual(['12/23/2014', 'datetime']);
    expect(rows).toContainEqual(['123456', 'the number 123456']);
    // Each sheet is a table: 1 and 2 are on pages of their own size, 2 and 3 on pages of one size, where 3's header repeats only part of 2's.
    expect(markdown.split('\n').filter((line) => line.startsWith('| maybe')).length).toBe(3);
    expect(markdown.split('\n').filter((line) => line.startsWith('| ---')).length).toBe(4);
  });
});

describe('pivot tables printed by LibreOffice Calc (openxlsx loadPivotTables.xlsx)', () => {
  it("reads the data sheet's rows whose figures fill their columns, and a pivot table's body, ruled as one block, row by row", async () => {
    const rows = pipeRows(await markdownOf('spreadsheets/r-cran-openxlsx/loadPivotTables.pdf'));
    // The iris sheet's last rows have no wide gap between figures: rows all the same.
    expect(rows).toContainEqual(['4.8', '3.4', '1.9', '0.2', 'setosa']);
    expect(rows).toContainEqual(['4.6', '3.6', '1', '0.2', 'setosa']);
    expect(rows).toContainEqual(['versicolor', '5.87857142857143']);
    expect(rows).toContainEqual(['virginica', '6.88235294117647']);
  });
});

describe('a tagged table over two pages (LibreOffice, SIL Tai Heritage Pro features)', () => {
  it('keeps the rows of the page where its last column is empty in the one table', async () => {
    const lines = (await markdownOf('libreoffice/fonts-sil-taiheritagepro/TaiHeritagePro-features.pdf')).split('\n');
    const start = lines.findIndex((line) => line.startsWith('| **Feature Name**'));
    const end = lines.findIndex((line, k) => k > start && !line.startsWith('|'));
    const rows = pipeRows(lines.slice(start, end).join('\n'));
    // The header and 20 rows, each of the table's five columns; the last three rows are on page 2.
    expect(rows).toHaveLength(21);
    expect(rows.every((row) => row.length === 5)).toBe(true);
    expect(rows[rows.length - 3].slice(0, 2)).toEqual(['Collision avoidance', 'cfix']);
  });
});

describe('a sheet of two blocks parted by blank rows (gnumeric-doc format-tests)', () => {
  it('reads both blocks as one table, the first block under the second block’s columns', async () => {
    const lines = (await markdownOf('spreadsheets/gnumeric-doc/format-tests.pdf')).split('\n');
    const last = lines.findIndex((line) => line.startsWith('| h:mm a/p |'));
    expect(lines[last + 1]).toMatch(/^\| Black \| 1 \| .*All eight named colours \|$/);
    expect(lines.filter((line) => line.startsWith('| ---'))).toHaveLength(1);
  });
});

describe('a browser print of a page that breaks compounds after their hyphen (SQLite prosupport, Chromium)', () => {
  it('keeps the hyphen of a word broken at a line end that the page writes with a hyphen elsewhere', async () => {
    const markdown = await markdownOf('html/sqlite/prosupport.pdf');
    expect(markdown).toContain('for public-domain SQLite source code that has the added ability to read database');
    expect(markdown).toContain('including on-site visits');
    expect(markdown).not.toMatch(/publicdomain|onsite/);
  });
});

describe('a specification with its lines numbered in the margin (aprx requirement specification, LibreOffice)', () => {
  it('reads its pages as prose and lists, the line numbers left out, with the tag tree ignored', async () => {
    const markdown = await markdownOf('libreoffice/aprx/aprx-requirement-specification.pdf', false);
    // Page 9, its lines numbered 181 to 198: a bold title, then a numbered list with a sub-list.
    expect(markdown).toContain(
      '**2.3 Low-Level Receiving Rules:**\n\n1. Received AX.25 packet is compared against “my freshly sent packets” storage, and matched ones are dropped.',
    );
    expect(markdown).toMatch(/^ {3}1\. This means that AX\.25 address headers are validated per their rules/m);
    // No table of line numbers beside paragraphs; page 27's own table stays.
    expect(markdown).not.toMatch(/^\| 1?\d{2,3} \|/m);
    expect(markdown).toMatch(/^\| name \| Optionality by type/m);
  });
});

describe('a sheet of two rows (r-cran-openxlsx groupTest.pdf, printed by Calc)', () => {
  it('is a table of its three columns, though a table needs three rows unless a bold header heads it', async () => {
    const markdown = await markdownOf('spreadsheets/r-cran-openxlsx/groupTest.pdf');
    // The first row's first two cells sit closer than a column gap; the second row's gap at the same place parts them.
    expect(markdown.trim()).toBe('| ehvk39 | jnv9 | j49f |\n| --- | --- | --- |\n| fi49 | nf49j | j94fjmc |');
  });
});

describe('a borderless table of groups, each under its name (fonts-sil-annapurna GraphiteFeatures.pdf, LibreOffice)', () => {
  it('takes the names between the groups as rows, those wider than their column too, and the first group’s name above it, with the tag tree ignored', async () => {
    const markdown = await markdownOf('libreoffice/fonts-sil-annapurna/AnnapurnaSIL-GraphiteFeatures.pdf', false);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    const at = (start: string) => rows.findIndex((row) => row.startsWith(start));
    expect(rows[0]).toBe('| Jha variants |  |  |');
    expect(rows[1]).toMatch(/^\| India: \| .+ \| Annapurna SIL \(default\) \|$/);
    // "Digit five alternate" runs on past the first column, into the second's: still a group's name, in the same table.
    const five = at('| Digit five alternate |');
    expect(rows.slice(at('| Ekar nukta position |'), five + 3).map((row) => row.split(' | ')[0])).toEqual([
      '| Ekar nukta position',
      '| Low:',
      '| High:',
      '| Digit five alternate',
      '| False:',
      '| True:',
    ]);
  });
});

describe('a table whose rows its shading draws (pscan-chip README.pdf, LibreOffice, tag tree ignored)', () => {
  it('keeps a row whose cells wrap one row, the lines inside a shaded row and between two as one', async () => {
    const markdown = await markdownOf('libreoffice/pscan-chip/pscan-chip-README.pdf', false);
    // The first column is set in bold.
    const rows = markdown.split('\n').flatMap((line) => (line.startsWith('| ') ? [line.replace(/\*\*/g, '')] : []));
    const at = (start: string) => rows.findIndex((row) => row.startsWith(start));
    // Shaded: its second line ("bg", "bg") is not a row of its own.
    expect(rows[at('| AG10803 |')]).toMatch(/^\| AG10803 \| Ag10803\.jaspar\. ?bg \| Ag10803\.transfac\. ?bg \|$/);
    expect(rows[at('| AG10803 |') + 1]).toMatch(/^\| AoAF \|/);
    // White, between two shaded rows.
    expect(rows[at('| GM06990 |') + 1]).toMatch(/^\| GM12865 \|/);
    expect(rows[at('| \\*PROMOTERS') + 1]).toMatch(/^\| AG10803 \|/);
  });
});

describe('a table of groups, one of two rows only (libreoffice-common CV.pdf, LibreOffice, tag tree ignored)', () => {
  it('takes a group too short to be a table on its own, set in the columns of the table above, as that table’s next group', async () => {
    const markdown = await markdownOf('libreoffice/libreoffice-common/CV.pdf', false);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    const at = (start: string) => rows.findIndex((row) => row.startsWith(start));
    // Experience has two entries, each wrapped over lines of its own: between About me's rows and Education's, in one table.
    expect(at('| Nationality |')).toBeGreaterThanOrEqual(0);
    expect(rows[at('| Nationality |') + 1]).toBe('| **Experience** |  |');
    expect(rows[at('| Nationality |') + 2]).toMatch(/^\| Jun\. 2008 -present \| Lorem ipsum .+ invidunt \|$/);
    expect(rows[at('| Nationality |') + 4]).toBe('| **Education** |  |');
  });
});
