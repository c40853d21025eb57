/**
 * Third-party PDF benchmark: PDFs nobody on this project wrote, each with a truth that
 * is not docformat's output (third-party/README.md), scored for tables, headings, text
 * and reading order, docformat beside pdftotext, the development half and the report
 * half apart (third-party/split.ts). A report, never a gate: it exits 0 whatever the
 * scores, 1 only when the corpus is broken.
 *
 *   npm run bench:third-party                 # the summary tables
 *   npm run bench:third-party -- --documents  # plus one row per document
 *   npm run bench:third-party -- --half development
 */
import { loadCorpus } from './third-party/corpus-index';
import { renderDocuments, renderKinds, renderReport } from './third-party/report';
import { type DocumentScores, scoreDocument, scoreLayoutHeadings } from './third-party/score';
import { pdftotextVersion } from './quality/tools';
import { convertWithDocformat, convertWithPdftotext } from './third-party/tools';
import { terminateOcr } from '../src/ocr/ocr-engine';

export async function runThirdParty(options: { documents?: boolean; half?: string; log?: (line: string) => void } = {}): Promise<string> {
  const log = options.log ?? (() => undefined);
  const corpus = loadCorpus().filter((entry) => !options.half || entry.half === options.half);
  const scores: DocumentScores[] = [];
  for (const entry of corpus) {
    const started = Date.now();
    const docformat = await convertWithDocformat(entry);
    const pdftotext = entry.truth.text !== undefined ? convertWithPdftotext(entry) : ({ ok: false, failure: 'not run' } as const);
    const scored = scoreDocument(entry, docformat, pdftotext);
    // Headings once more with the file's tag tree and outline ignored: what the layout alone finds.
    if (entry.truth.headings) scored.layoutHeadings = scoreLayoutHeadings(entry, await convertWithDocformat(entry, false));
    scores.push(scored);
    log(`${entry.truth.file}: ${docformat.ok ? 'ok' : docformat.failure} (${Date.now() - started} ms)`);
  }
  const version = pdftotextVersion();
  const header = [
    `## Third-party PDFs: ${corpus.length} documents (${corpus.filter((e) => e.half === 'development').length} development, ${corpus.filter((e) => e.half === 'report').length} report)`,
    '',
    `Beside pdftotext ${version ?? '(not installed)'} for text and order. The report half is never tuned on (split.ts).`,
    '',
  ];
  return [
    ...header,
    renderReport(scores),
    '### By kind (corpus folder)',
    '',
    renderKinds(scores),
    ...(options.documents ? ['', renderDocuments(scores)] : []),
  ].join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const halfAt = args.indexOf('--half');
  runThirdParty({
    documents: args.includes('--documents'),
    half: halfAt >= 0 ? args[halfAt + 1] : undefined,
    log: (line) => process.stderr.write(line + '\n'),
  })
    .then((report) => process.stdout.write(report + '\n'))
    .catch((error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => terminateOcr());
}
