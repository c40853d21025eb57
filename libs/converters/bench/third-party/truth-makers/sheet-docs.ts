/**
 * Third-party spreadsheets shipped in Debian packages (the sample and test workbooks of
 * spreadsheet readers and writers), printed to PDF by LibreOffice Calc, one page per
 * sheet; the truth is each sheet's cells as Calc shows them. They stand for the
 * statistical tables users send: numeric columns, no rules, empty cells, text running
 * over into empty neighbours. Licences: the package's copyright file.
 *
 * A workbook is taken whole (the export cannot leave a sheet out), so workbooks with a
 * sheet over MAX_ROWS rows or MAX_COLUMNS columns are left out (sheet-exports.ts checks):
 * a page per sheet would be metres long, and one sheet would outweigh the rest.
 */
export interface SheetDoc {
  pkg: string;
  /** Installed path of the workbook (.xls, .xlsx, .ods). */
  path: string;
  licence: string;
  /** Corpus name without `.pdf`, when the source's base name clashes. */
  name?: string;
}

export const MAX_ROWS = 200;
export const MAX_COLUMNS = 30;

const READXL = '/usr/lib/R/site-library/readxl/extdata';
const OPENXLSX = '/usr/lib/R/site-library/openxlsx/extdata';
const PARSEEXCEL = '/usr/share/doc/libspreadsheet-parseexcel-perl/examples/sample/Excel';
const GDATA = '/usr/lib/R/site-library/gdata/xls';
const DBD_EXCEL = '/usr/share/doc/libdbd-excel-perl/examples';
const WRITEEXCEL = '/usr/share/doc/libspreadsheet-writeexcel-perl/examples/external_charts';
const GNUMERIC = '/usr/share/doc/gnumeric-doc/examples';
/** gnumeric-doc's copyright file gives the one licence for the package, manual and examples. */
const GNUMERIC_LICENCE = 'GFDL-1.1-or-later';

export const SHEET_DOCS: SheetDoc[] = [
  { pkg: 'r-cran-readxl', path: `${READXL}/clippy.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-readxl', path: `${READXL}/geometry.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-readxl', path: `${READXL}/type-me.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-openxlsx', path: `${OPENXLSX}/loadExample.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-openxlsx', path: `${OPENXLSX}/loadPivotTables.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-openxlsx', path: `${OPENXLSX}/read_failure_test.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-openxlsx', path: `${OPENXLSX}/namedRegions.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'r-cran-openxlsx', path: `${OPENXLSX}/groupTest.xlsx`, licence: 'GPL-3.0-only' },
  { pkg: 'libspreadsheet-parseexcel-perl', path: `${PARSEEXCEL}/FmtTest.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libspreadsheet-parseexcel-perl', path: `${PARSEEXCEL}/Test97.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libspreadsheet-parseexcel-perl', path: `${PARSEEXCEL}/Test97J.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libspreadsheet-parseexcel-perl', path: `${PARSEEXCEL}/Test1904.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'r-cran-gdata', path: `${GDATA}/ExampleExcelFile.xls`, licence: 'GPL-2.0-only' },
  { pkg: 'r-cran-gdata', path: `${GDATA}/iris.xls`, licence: 'GPL-2.0-only' },
  { pkg: 'libdbd-excel-perl', path: `${DBD_EXCEL}/dbdtest.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libdbd-excel-perl', path: `${DBD_EXCEL}/newxl.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libspreadsheet-writeexcel-perl', path: `${WRITEEXCEL}/Chart1.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'libspreadsheet-writeexcel-perl', path: `${WRITEEXCEL}/Chart3.xls`, licence: 'Artistic-1.0-Perl OR GPL-1.0-or-later' },
  { pkg: 'python3-xlrd', path: '/usr/share/doc/python3-xlrd/examples/namesdemo.xls', licence: 'BSD-3-Clause' },
  { pkg: 'r-cran-rio', path: '/usr/lib/R/site-library/rio/examples/mtcars.ods', licence: 'GPL-2.0-only' },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/auto-filter-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/cell-comment-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/cond-format-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/cronbach.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/format-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/names-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/number-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/numbermatch.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/regress.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/rich-text-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/string-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/style-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/validation-tests.gnumeric`, licence: GNUMERIC_LICENCE },
  { pkg: 'gnumeric-doc', path: `${GNUMERIC}/vdb.gnumeric`, licence: GNUMERIC_LICENCE },
];

export const SHEET_SKIPPED: string[] = [
  'readxl deaths.xlsx: notes written across the cells above and below the data, so what is the table is a judgement, not in the file.',
  `readxl datasets.xlsx, openxlsx readTest.xlsx, libreoffice-dmaths dmaths.ods, gdata wide.xls and latin-1.xls: a sheet over ${MAX_ROWS} rows or ${MAX_COLUMNS} columns.`,
  'gdata ExampleExcelFile_1900/_1904 and .xlsx twins, readxl .xls twins, parseexcel Test95/Test95J/Test1904_95: the same sheets again.',
  'libdbd-excel-perl thidden.xls: hidden rows and columns, which the HTML the truth is read from still holds.',
  `gnumeric-doc docs-samples, formula-tests, amath, ilog: a sheet over ${MAX_ROWS} rows; crlibm, gamma, numtheory: larger still.`,
  'gnumeric-doc graph-tests, object-tests, solver-tests, colrow-tests, merge-tests: cells laid out around charts, drawn objects, a solver model or row and column sizes, not a table; intersection-tests and hlink-tests: several cases, each under its own title, one after another down the sheet.',
  'gnumeric-doc page-setup, selection, sheet-formatting, sheet-names, sheet-tab and split-panes tests: every sheet one row or one column.',
  'Workbooks whose sheets are all of one row or one column (parseexcel AuthorK, Rich, oem; openxlsx clone examples) or with no more than two cells a sheet.',
];
