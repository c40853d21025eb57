/**
 * Truth from source documents: third-party DOCX/ODT files from Debian packages, exported
 * to tagged PDF by LibreOffice with bookmarks off (an outline would hand the reader the
 * headings), into `corpus/libreoffice/<package>/`. The truth is read from the source, not
 * the PDF: pandoc gives headings (level, text) and the plain text without tables; tables
 * (rows, spans, header cells) come from pandoc for Word files and from the ODF XML for
 * ODF files (odt-tables.ts says why). A table's page is where pdftotext finds its first
 * cells.
 *
 *   node -r ./tools/jest/typescript-hook.js libs/converters/bench/third-party/truth-makers/office-exports.ts [--check] [--only TEXT] [--truth-only]
 *
 * Needs pandoc, LibreOffice Writer (`libreoffice-writer-nogui`), poppler-utils, and the
 * SIL font packages the SIL documents are set in (see corpus/SOURCES.md), else
 * LibreOffice substitutes fonts and the PDF no longer looks like the source. Each export
 * runs alone under `nice`, in a LibreOffice profile of its own. `--check` prints counts
 * and writes nothing; `--truth-only` keeps the committed PDFs and rewrites the truth and corpus/SOURCES.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { DocumentTruth, TruthTable } from '../truth';
import { plainName, readDebianFile, requireTools } from './debian';
import { OFFICE_DOCS, OFFICE_SKIPPED, type OfficeDoc } from './office-docs';
import { odtTables } from './odt-tables';
import { headingsAndTables, withoutTables, type PandocDoc } from './pandoc-ast';
import { placeTables } from './place-tables';
import { pageTexts, producerOf } from './poppler';
import { cell, writeSourcesSection } from './sources-md';
import { isGrid } from './table-cells';
import { corpusPath, runMaker, writeCorpusFile, writeTruth } from './write-truth';

/** Tagged PDF, no bookmarks: the export filter's options as soffice takes them on the command line. */
const EXPORT_FILTER =
  'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"},"ExportBookmarks":{"type":"boolean","value":"false"}}';

export function nameOf(doc: OfficeDoc): string {
  return doc.name ?? basename(plainName(doc.path)).replace(/\.[^.]+$/, '');
}

export function fileOf(doc: OfficeDoc): string {
  return `libreoffice/${doc.pkg}/${nameOf(doc)}.pdf`;
}

/** pandoc's reader for a source: ODF text and templates, or Word. */
function pandocFormat(path: string): 'odt' | 'docx' {
  return extname(path) === '.docx' ? 'docx' : 'odt';
}

function pandoc(args: string[], input?: string): string {
  return execFileSync('nice', ['-n', '19', 'pandoc', ...args], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** LibreOffice's PDF of a source, made in a scratch folder with a throwaway profile (a shared one would lock). */
function exportPdf(source: string, work: string): Buffer {
  const profile = join(work, 'profile');
  execFileSync(
    'nice',
    [
      '-n',
      '19',
      'soffice',
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      EXPORT_FILTER,
      '--outdir',
      work,
      source,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 10 * 60 * 1000 },
  );
  return readFileSync(join(work, `${basename(source, extname(source))}.pdf`));
}

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const truthOnly = args.includes('--truth-only');
  requireTools({
    'dpkg-deb': 'dpkg',
    pandoc: 'pandoc',
    // With --truth-only, only for the version corpus/SOURCES.md names.
    soffice: 'libreoffice-writer-nogui',
    pdfinfo: 'poppler-utils',
    pdftotext: 'poppler-utils',
  });
  const pandocVersion = pandoc(['--version']).split('\n')[0];
  const rows: string[] = [];
  for (const doc of OFFICE_DOCS) {
    if (only && !`${doc.pkg}${doc.path}`.includes(only)) continue;
    const work = mkdtempSync(join(tmpdir(), 'docformat-office-export-'));
    try {
      const { data, version } = readDebianFile(doc.pkg, doc.path);
      // The source keeps its own base name: LibreOffice names the PDF after it.
      const source = join(work, plainName(doc.path));
      writeFileSync(source, data);
      const ast = JSON.parse(pandoc(['-f', pandocFormat(source), '-t', 'json', source])) as PandocDoc;
      const { headings, tables: pandocTables } = headingsAndTables(ast);
      // Tables of one row or one column (boxes, call-outs) read as paragraphs: not scored as tables, as in html-prints.ts.
      const tables = (pandocFormat(source) === 'odt' ? odtTables(data) : pandocTables).filter((table) => isGrid(table.rows));
      const file = fileOf(doc);
      if (check) {
        process.stdout.write(`${file}\t${headings.length} headings\t${tables.length} tables\n`);
        continue;
      }
      if (headings.length < 2 && tables.length < 1)
        throw new Error(`${file}: ${headings.length} headings, no table; the corpus keeps 2+ headings or a table`);
      const text = pandoc(['-f', 'json', '-t', 'plain', '--wrap=none'], JSON.stringify(withoutTables(ast))).trim();
      const path = truthOnly ? corpusPath(file) : writeCorpusFile(file, exportPdf(source, work));
      const pages = placeTables(
        tables.map((t) => t.rows),
        pageTexts(path),
      );
      const placed: TruthTable[] = [];
      tables.forEach((table, i) => {
        const page = pages[i];
        // A table with no text (an empty layout grid) shows nothing to score; one whose cells pdftotext cannot find is left out too, and counted below.
        if (page === undefined) return;
        placed.push(
          table.nested
            ? { page, rows: table.rows, note: 'holds a nested table; its text is in the outer cell' }
            : { page, rows: table.rows },
        );
      });
      const unplaced = tables.length - placed.length;
      const producer = producerOf(path);
      const truth: DocumentTruth = {
        file,
        origin: `libreoffice:${doc.pkg}`,
        licence: doc.licence,
        genre: doc.genre,
        ...(producer ? { producer } : {}),
        truthFrom: 'source-document',
        tables: placed,
        // Complete only when every source table was placed: a dropped one may still be drawn.
        tablesComplete: unplaced === 0,
        headings,
        text,
      };
      writeTruth(truth);
      rows.push(
        `| ${cell(file)} | ${doc.pkg} | ${cell(doc.path)} | ${version} | ${cell(doc.licence)} | ${cell(producer ?? '')} | ${headings.length} | ${placed.length}${unplaced ? ` (+${unplaced} unplaced)` : ''} |`,
      );
      process.stdout.write(`${file}: ${headings.length} headings, ${placed.length} tables${unplaced ? `, ${unplaced} not placed` : ''}\n`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (!check && !only) {
    writeSourcesSection(
      'libreoffice exports',
      'office-exports.ts',
      [
        '## Office documents exported by LibreOffice (`libreoffice/`)',
        '',
        'Made by `truth-makers/office-exports.ts`: DOCX/ODT files from Debian 12 (bookworm) packages, exported by',
        `${execFileSync('soffice', ['--version'], { encoding: 'utf8' }).trim()} to tagged PDF with bookmarks off.`,
        `Truth (\`truthFrom: "source-document"\`) read from the source by ${pandocVersion}: headings, Word tables (spans, header cells),`,
        'plain text without tables; ODF tables are read from the ODF XML (`odt-tables.ts`), as pandoc 2.17 drops their header rows and spans.',
        'Tables of one row or one column (boxes, call-outs) read as paragraphs and are not scored as tables (since 2026-12-07).',
        "A table's page is where pdftotext finds its first cells. The sources are not copied here.",
        "Fonts installed for the export: fonts-liberation2 and fonts-dejavu-core (LibreOffice's defaults), and the SIL font",
        "packages listed below (each SIL document is set in its own package's font).",
        '',
        '| file | package | source in package | version | licence | producer | headings | tables |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
        'Not used:',
        '',
        ...OFFICE_SKIPPED.map((line) => `- ${line}`),
      ].join('\n'),
    );
  }
}

if (require.main === module) runMaker(main);
