/**
 * Truth from source documents, second kind: third-party HTML manuals from Debian
 * packages (html-docs.ts), printed to untagged PDF without an outline by Chromium, into
 * `corpus/html/<manual>/`. Nothing in the PDF declares structure, so its tables and
 * headings are what the layout alone reads; the truth is the HTML the PDF was printed
 * from, read by pandoc: headings (at the HTML's levels: a manual's section page starts
 * at h2 as its numbering, `3.2.`, shows),
 * tables (rows, spans, header cells) and the plain text without tables. A table is kept
 * only where it has two rows and two columns, and where pdftotext finds all its cells on one page: one split across pages, or
 * whose cells the page does not show, is left out, and the document's tables are then
 * not complete.
 *
 *   node -r ./tools/jest/typescript-hook.js libs/converters/bench/third-party/truth-makers/html-prints.ts [--check]
 *
 * Needs pandoc, poppler-utils and Debian's chromium (driven by playwright-core).
 * `--check` prints what would be kept and writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { DocumentTruth, TruthTable } from '../truth';
import { debOf, debVersion, requireTools } from './debian';
import { HTML_MANUALS, MAX_PRINTED_PAGES, type HtmlManual } from './html-docs';
import { headingsAndTables, withoutTables, type PandocDoc } from './pandoc-ast';
import { placeTables } from './place-tables';
import { pageTexts, squash } from './poppler';
import { cell, writeSourcesSection } from './sources-md';
import { isGrid } from './table-cells';
import { runMaker, writeCorpusFile, writeTruth } from './write-truth';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function pandocJson(html: string): PandocDoc {
  return JSON.parse(
    execFileSync('nice', ['-n', '19', 'pandoc', '-f', 'html', '-t', 'json'], {
      input: html,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }),
  ) as PandocDoc;
}

function pandocPlain(doc: PandocDoc): string {
  return execFileSync('nice', ['-n', '19', 'pandoc', '-f', 'json', '-t', 'plain', '--wrap=none'], {
    input: JSON.stringify(doc),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }).trim();
}

function nameHash(name: string): string {
  return createHash('sha1').update(name).digest('hex');
}

/** Every non-empty cell's text is on the page, as pdftotext reads it (squashed, so spacing and hyphens do not matter). */
function allCellsOn(rows: TruthTable['rows'], pageText: string): boolean {
  const page = squash(pageText);
  return rows.flat().every((c) => !squash(c.text) || page.includes(squash(c.text)));
}

/** Removes the manual's navigation in the browser, and returns the HTML the PDF is then printed from. */
async function withoutNavigation(page: Page, manual: HtmlManual): Promise<string> {
  // A script string: this maker is compiled without the DOM's types, and the code runs in the page.
  await page.evaluate(
    `for (const selector of ${JSON.stringify(manual.navigation)}) for (const element of document.querySelectorAll(selector)) element.remove();`,
  );
  return page.content();
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  requireTools({ 'dpkg-deb': 'dpkg', pandoc: 'pandoc', pdfinfo: 'poppler-utils', pdftotext: 'poppler-utils', chromium: 'chromium' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const rows: string[] = [];
  const skipped: string[] = [];
  try {
    for (const manual of HTML_MANUALS) {
      const root = mkdtempSync(join(tmpdir(), 'docformat-html-print-'));
      try {
        // The whole package is unpacked: a page needs its stylesheet and images beside it.
        execFileSync('dpkg-deb', ['-x', debOf(manual.pkg), root]);
        const version = debVersion(manual.pkg);
        const folder = join(root, manual.folder);
        const names = readdirSync(folder)
          .filter((name) => manual.pages.test(name))
          .filter((name) => /<table/i.test(readFileSync(join(folder, name), 'latin1')))
          .sort();
        if (manual.maxDocuments !== undefined) names.sort((a, b) => nameHash(a).localeCompare(nameHash(b)));
        let kept = 0;
        const page = await browser.newPage();
        for (const name of names) {
          if (manual.maxDocuments !== undefined && kept >= manual.maxDocuments) break;
          await page.goto(`file://${join(folder, name)}`, { waitUntil: 'load' });
          const html = await withoutNavigation(page, manual);
          const ast = pandocJson(html);
          const { headings, tables } = headingsAndTables(ast);
          if (tables.length === 0) continue;
          const pdf = await page.pdf({
            format: 'A4',
            printBackground: true,
            tagged: false,
            outline: false,
            margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' },
          });
          const file = `html/${manual.name}/${name.replace(/\.html$/, '')}.pdf`;
          const scratch = join(root, 'print.pdf');
          writeFileSync(scratch, pdf);
          const texts = pageTexts(scratch);
          if (texts.length > MAX_PRINTED_PAGES) {
            skipped.push(`${file}: ${texts.length} pages`);
            continue;
          }
          const pages = placeTables(
            tables.map((t) => t.rows),
            texts,
          );
          const placed: TruthTable[] = [];
          tables.forEach((table, i) => {
            const at = pages[i];
            if (at === undefined || table.nested || !isGrid(table.rows) || !allCellsOn(table.rows, texts[at - 1])) return;
            placed.push({ page: at, rows: table.rows });
          });
          if (placed.length === 0) {
            skipped.push(`${file}: no table whose cells are all on one page`);
            continue;
          }
          const unplaced = tables.length - placed.length;
          process.stdout.write(
            `${file}: ${texts.length} pages, ${headings.length} headings, ${placed.length} tables${unplaced ? ` (${unplaced} left out)` : ''}\n`,
          );
          kept += 1;
          if (check) continue;
          writeCorpusFile(file, pdf);
          const truth: DocumentTruth = {
            file,
            origin: `debian:${manual.pkg}`,
            licence: manual.licence,
            genre: manual.genre,
            producer: `Chromium ${browser.version()} (print to PDF, untagged)`,
            truthFrom: 'source-document',
            tables: placed,
            tablesComplete: unplaced === 0,
            headings,
            text: pandocPlain(withoutTables(ast)),
          };
          writeTruth(truth);
          rows.push(
            `| ${cell(file)} | ${manual.pkg} | ${cell(`${manual.folder}/${name}`)} | ${version} | ${cell(manual.licence)} | ${texts.length} | ${headings.length} | ${placed.length}${unplaced ? ` (+${unplaced} left out)` : ''} |`,
          );
        }
        await page.close();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  if (check) return;
  writeSourcesSection(
    'html prints',
    'html-prints.ts',
    [
      '## HTML manuals printed by Chromium (`html/`)',
      '',
      'Made by `truth-makers/html-prints.ts`: pages of HTML manuals from Debian 12 (bookworm) packages, chosen by the rule in',
      "`truth-makers/html-docs.ts` (pages with a table, at most 8 printed pages, at most `maxDocuments` per manual by a hash of the name), printed by Debian's Chromium to untagged A4 PDF",
      'without an outline, navigation bars removed. Truth (`truthFrom: "source-document"`) read by pandoc from the HTML printed:',
      'headings (at their HTML levels), tables (spans, header cells), plain text without tables. A table is kept only where',
      "pdftotext finds all its cells on one page; tables of one row or one column (notes, call-outs, PostgreSQL's function entries) are not scored as tables. The sources are not copied here.",
      '',
      '| file | package | source in package | version | licence | pages | headings | tables |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      'Left out by the rule:',
      '',
      ...skipped.map((line) => `- ${line}`),
    ].join('\n'),
  );
}

if (require.main === module) runMaker(main);
