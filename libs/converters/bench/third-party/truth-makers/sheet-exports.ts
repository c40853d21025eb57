/**
 * Truth from spreadsheets: third-party workbooks from Debian packages (sheet-docs.ts),
 * printed by LibreOffice Calc to tagged PDF with one page per sheet and every column at
 * its optimal width (calc-print.py says why), into
 * `corpus/spreadsheets/<package>/`. The truth is read from the source, not the PDF:
 * Calc writes the workbook as HTML (one table per sheet, each cell as Calc shows it:
 * number formats applied, merged cells as spans), and pandoc reads that. Rows and
 * columns with no text are dropped, since the page shows nothing there. A table's page
 * is where pdftotext finds its first cells.
 *
 *   node -r ./tools/jest/typescript-hook.js libs/converters/bench/third-party/truth-makers/sheet-exports.ts [--check] [--only TEXT]
 *
 * Needs LibreOffice Calc (`libreoffice-calc-nogui`), python3-uno, pandoc and poppler-utils. `--check`
 * prints each sheet's size and writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { DocumentTruth, TruthCell, TruthTable } from '../truth';
import { plainName, readDebianFile, requireTools } from './debian';
import { headingsAndTables, type PandocDoc } from './pandoc-ast';
import { placeTables } from './place-tables';
import { pageCount, pageTexts, producerOf } from './poppler';
import { MAX_COLUMNS, MAX_ROWS, SHEET_DOCS, SHEET_SKIPPED, type SheetDoc } from './sheet-docs';
import { cell, writeSourcesSection } from './sources-md';
import { collapse, isGrid, rowWidths } from './table-cells';
import { runMaker, writeCorpusFile, writeTruth } from './write-truth';

export function fileOf(doc: SheetDoc): string {
  return `spreadsheets/${doc.pkg}/${doc.name ?? basename(plainName(doc.path)).replace(/\.[^.]+$/, '')}.pdf`;
}

/** Calc prints the source (calc-print.py: columns at their optimal width, a page per sheet, tagged) and writes it as HTML, in a scratch folder. */
function print(source: string, work: string): { pdf: Buffer; html: string } {
  execFileSync('nice', ['-n', '19', '/usr/bin/python3', join(__dirname, 'calc-print.py'), source, work], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 10 * 60 * 1000,
  });
  const name = join(work, basename(source, extname(source)));
  return { pdf: readFileSync(`${name}.pdf`), html: readFileSync(`${name}.html`, 'utf8') };
}

const hasSpans = (rows: TruthCell[][]) => rows.some((row) => row.some((c) => (c.rowSpan ?? 1) > 1 || (c.colSpan ?? 1) > 1));

/**
 * The rows without those and the columns without text: Calc's HTML holds the sheet's
 * whole used range from A1, and a blank row or column prints as nothing. With spans the
 * slots would shift, so a table with spans keeps its blank lines (none here has any).
 */
export function withoutBlankLines(rows: TruthCell[][]): TruthCell[][] {
  if (hasSpans(rows)) return rows;
  const filled = rows.filter((row) => row.some((c) => collapse(c.text) !== ''));
  const width = Math.max(0, ...filled.map((row) => row.length));
  const keep = Array.from({ length: width }, (_, column) => filled.some((row) => collapse(row[column]?.text ?? '') !== ''));
  return filled.map((row) => row.filter((_, column) => keep[column]).map((c) => ({ ...c, text: collapse(c.text) })));
}

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  requireTools({
    'dpkg-deb': 'dpkg',
    pandoc: 'pandoc',
    soffice: 'libreoffice-calc-nogui',
    python3: 'python3-uno',
    pdftotext: 'poppler-utils',
    pdfinfo: 'poppler-utils',
  });
  const pandocVersion = execFileSync('pandoc', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const rows: string[] = [];
  for (const doc of SHEET_DOCS) {
    if (only && !`${doc.pkg}${doc.path}`.includes(only)) continue;
    const work = mkdtempSync(join(tmpdir(), 'docformat-sheet-export-'));
    try {
      const { data, version } = readDebianFile(doc.pkg, doc.path);
      const source = join(work, plainName(doc.path));
      writeFileSync(source, data);
      const { pdf, html } = print(source, work);
      const ast = JSON.parse(
        execFileSync('pandoc', ['-f', 'html', '-t', 'json'], { input: html, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }),
      ) as PandocDoc;
      const sheets = headingsAndTables(ast).tables.map((table) => withoutBlankLines(table.rows));
      const file = fileOf(doc);
      const widths = sheets.map((sheet) => Math.max(0, ...rowWidths(sheet)));
      const sizes = sheets.map((sheet, i) => `${sheet.length}x${widths[i]}`);
      if (check) {
        process.stdout.write(`${file}\t${sizes.join(' ')}\n`);
        continue;
      }
      const tooBig = sheets.find((sheet, i) => sheet.length > MAX_ROWS || widths[i] > MAX_COLUMNS);
      if (tooBig)
        throw new Error(`${file}: a sheet of ${tooBig.length} rows; sheet-docs.ts takes workbooks within ${MAX_ROWS} x ${MAX_COLUMNS}`);
      // A sheet of one row or one column is a list on the page, not a table (as in the other makers); a chart sheet's grid has no text.
      const scored = (sheet: TruthCell[][]) => isGrid(sheet) && sheet.some((row) => row.some((c) => collapse(c.text) !== ''));
      const tables = sheets.filter(scored);
      if (tables.length === 0) throw new Error(`${file}: no sheet of two rows and two columns`);
      const path = writeCorpusFile(file, pdf);
      // A page per sheet, in order, when the counts agree (a cell's text clipped on its page could send a text search astray); a sheet with its own page breaks or print ranges prints on more pages, and is then looked for by its text.
      const pages =
        pageCount(path) === sheets.length
          ? sheets.flatMap((sheet, index) => (scored(sheet) ? [index + 1] : []))
          : placeTables(tables, pageTexts(path));
      const placed: TruthTable[] = [];
      tables.forEach((table, i) => {
        const page = pages[i];
        if (page !== undefined) placed.push({ page, rows: table });
      });
      const unplaced = tables.length - placed.length;
      const producer = producerOf(path);
      const truth: DocumentTruth = {
        file,
        origin: `libreoffice-calc:${doc.pkg}`,
        licence: doc.licence,
        genre: 'statistical-table',
        ...(producer ? { producer } : {}),
        truthFrom: 'source-document',
        tables: placed,
        // Every sheet is on a page of its own and every table of the workbook is listed.
        tablesComplete: unplaced === 0,
      };
      writeTruth(truth);
      rows.push(
        `| ${cell(file)} | ${doc.pkg} | ${cell(doc.path)} | ${version} | ${cell(doc.licence)} | ${sizes.join(' ')} | ${placed.length}${unplaced ? ` (+${unplaced} unplaced)` : ''} |`,
      );
      process.stdout.write(`${file}: sheets ${sizes.join(' ')}, ${placed.length} tables${unplaced ? `, ${unplaced} not placed` : ''}\n`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (!check && !only) {
    writeSourcesSection(
      'spreadsheet exports',
      'sheet-exports.ts',
      [
        '## Spreadsheets printed by LibreOffice Calc (`spreadsheets/`)',
        '',
        'Made by `truth-makers/sheet-exports.ts`: sample and test workbooks of spreadsheet libraries in Debian 12 (bookworm) packages,',
        `printed by ${execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim()} to tagged PDF, one page per sheet, columns at their optimal width (\`calc-print.py\`).`,
        `Truth (\`truthFrom: "source-document"\`): each sheet's cells as Calc shows them, from Calc's HTML export read by ${pandocVersion},`,
        'rows and columns without text dropped. Sheets of one row or one column are not scored as tables. The sources are not copied here.',
        '',
        '| file | package | source in package | version | licence | sheets (rows x columns) | tables |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
        'Not used:',
        '',
        ...SHEET_SKIPPED.map((line) => `- ${line}`),
      ].join('\n'),
    );
  }
}

if (require.main === module) runMaker(main);
