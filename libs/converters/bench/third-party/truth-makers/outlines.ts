/**
 * Truth from PDF outlines: PDFs with bookmarks shipped in Debian packages, each copied
 * to `corpus/debian/<package>/` with its outline as the heading truth (level = depth,
 * page = the bookmark's destination). The outline is a signal a reader may use too, so
 * these documents are reported apart (`truthFrom: 'outline'`).
 *
 *   node -r ./tools/jest/typescript-hook.js libs/converters/bench/third-party/truth-makers/outlines.ts [--check] [--only TEXT]
 *
 * Needs apt lists (`apt-get update`), dpkg-deb, tar and poppler-utils; the packages are
 * downloaded (not installed) into THIRD_PARTY_DEB_CACHE. `--check` writes nothing and
 * prints, per document, how many bookmark titles are found in pdftotext's text of their
 * page: how the list below was vetted.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DocumentTruth } from '../truth';
import { plainName, readDebianFile, requireTools } from './debian';
import { OUTLINE_DOCS, OUTLINE_SKIPPED, type OutlineDoc } from './outline-docs';
import { outlineHeadings } from './pdf-outline';
import { pageTexts, producerOf, squash } from './poppler';
import { cell, writeSourcesSection } from './sources-md';
import { corpusPath, runMaker, writeCorpusFile, writeTruth } from './write-truth';

export function fileOf(doc: OutlineDoc): string {
  return `debian/${doc.pkg}/${doc.name ?? plainName(doc.path)}`;
}

function writeScratch(file: string, data: Buffer): string {
  const path = join(tmpdir(), 'docformat-third-party-check', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return path;
}

/** Share of headings whose text is on their page, squashed (a title may wrap or carry a number the page sets apart). */
function foundOnPage(file: string, headings: { text: string; page?: number }[]): number {
  const pages = pageTexts(file).map(squash);
  const placed = headings.filter((h) => h.page);
  const found = placed.filter((h) => pages[(h.page ?? 0) - 1]?.includes(squash(h.text))).length;
  return placed.length ? found / placed.length : 0;
}

async function main(): Promise<void> {
  requireTools({ 'dpkg-deb': 'dpkg', 'apt-get': 'apt', tar: 'tar', pdfinfo: 'poppler-utils', pdftotext: 'poppler-utils' });
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const rows: string[] = [];
  for (const doc of OUTLINE_DOCS) {
    if (only && !`${doc.pkg}${doc.path}`.includes(only)) continue;
    const file = fileOf(doc);
    const { data, version } = readDebianFile(doc.pkg, doc.path);
    // A check reads the PDF from a scratch copy, leaving the corpus as it is.
    const path = check ? writeScratch(file, data) : writeCorpusFile(file, data);
    const headings = await outlineHeadings(path, doc.drop);
    const producer = producerOf(path);
    if (check) {
      const kb = Math.round(statSync(path).size / 1024);
      const levels = Math.max(...headings.map((h) => h.level));
      process.stdout.write(
        `${file}\t${kb} KB\t${headings.length} headings\t${levels} levels\t${(foundOnPage(path, headings) * 100).toFixed(0)}% on page\t${producer}\n`,
      );
      continue;
    }
    if (headings.length < 3) throw new Error(`${file}: ${headings.length} bookmarks; the corpus keeps outlines of 3 or more`);
    const truth: DocumentTruth = {
      file,
      origin: `debian:${doc.pkg}`,
      licence: doc.licence,
      genre: doc.genre,
      ...(producer ? { producer } : {}),
      truthFrom: 'outline',
      headings,
    };
    writeTruth(truth);
    rows.push(
      `| ${cell(file)} | ${doc.pkg} | ${cell(doc.path)} | ${version} | ${cell(doc.licence)} | ${cell(producer ?? '')} | ${headings.length} |`,
    );
  }
  if (!check && !only) {
    writeSourcesSection(
      'debian outlines',
      'outlines.ts',
      [
        '## Debian documentation PDFs with outlines (`debian/`)',
        '',
        'Made by `truth-makers/outlines.ts` from Debian 12 (bookworm) packages, downloaded with `apt-get download`, not installed.',
        'Truth: the PDF outline (`truthFrom: "outline"`): title, level = depth (capped at 6), page = destination.',
        'Licences are those the package copyright file (TeX Live: its `Licenses` list, from the TeX Catalogue) states for the document.',
        '',
        '| file | package | path in package | version | licence | producer (creator) | headings |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
        'Not used:',
        '',
        ...OUTLINE_SKIPPED.map((line) => `- ${line}`),
      ].join('\n'),
    );
  }
  // With --only the SOURCES.md section is left as it is: its rows for the documents written, to add by hand.
  if (only && !check) process.stdout.write(`${rows.join('\n')}\n`);
  process.stdout.write(check ? '' : `${rows.length} documents written under ${corpusPath('debian')}\n`);
}

if (require.main === module) runMaker(main);
