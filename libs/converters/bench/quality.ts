/**
 * Conversion-quality benchmark: converts the corpus in `corpus/` with docformat
 * (convertDocument, the worker's code path) and, where they read the type, with
 * pandoc and pdftotext, and prints per input type and tool: word-level text F1,
 * heading recall, list-item recall and table-cell recall (see README.md in this
 * folder). A report, not a gate: exits 0 whatever the scores; 1 only when the corpus
 * is missing or malformed.
 *
 *   npm run bench:quality                  # the table, then the same as markdown
 *   npm run bench:quality -- --documents   # plus one row per document
 */
import { runThirdParty } from './third-party';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { MarkdownStructure } from './metrics/markdown-structure';
import { type CorpusDocument, type Metric, loadManifest } from './quality/manifest';
import { type Row, renderMarkdownTable, renderTextTable } from './quality/report';
import { type Counts, type GroundTruth, addCounts, scoreDocument } from './quality/score';
import { type Tool, docformat, pandoc, pdftotext } from './quality/tools';

const CORPUS = join(__dirname, 'corpus');

function print(text: string): void {
  process.stdout.write(text);
}

function loadTruth(doc: CorpusDocument): GroundTruth {
  const structure = doc.truthStructure ? (JSON.parse(readFileSync(doc.truthStructure, 'utf8')) as MarkdownStructure) : undefined;
  return { text: readFileSync(doc.truthText, 'utf8'), structure };
}

function newRow(type: string, tool: Tool, docs: readonly CorpusDocument[], markdown: boolean): Row {
  const applicable = new Set<Metric>(docs.flatMap((doc) => doc.metrics).filter((metric) => metric === 'text' || markdown));
  return { type, tool: tool.label, docs: docs.length, converted: 0, failures: new Map(), applicable };
}

async function main(): Promise<number> {
  const manifestPath = join(CORPUS, 'manifest.json');
  if (!existsSync(manifestPath)) {
    process.stderr.write(
      `bench:quality: no corpus at ${manifestPath}; build it with ${relative(process.cwd(), join(CORPUS, 'make.sh'))}\n`,
    );
    return 1;
  }
  const documents = loadManifest(manifestPath);
  const missing = documents.filter((doc) => ![doc.file, doc.truthText, doc.truthStructure].every((file) => !file || existsSync(file)));
  if (missing.length > 0) {
    process.stderr.write(`bench:quality: corpus files missing for ${missing.map((doc) => relative(CORPUS, doc.file)).join(', ')}\n`);
    return 1;
  }
  const perDocument = process.argv.includes('--documents');
  const tools: { tool: Tool; markdown: boolean }[] = [
    { tool: docformat, markdown: true },
    { tool: pandoc(), markdown: true },
    { tool: pdftotext(), markdown: false },
    { tool: pdftotext({ layout: true }), markdown: false },
  ];

  const types = [...new Set(documents.map((doc) => doc.type))];
  const rows: Row[] = [];
  const documentRows: Row[] = [];
  const details: string[] = [];
  for (const type of types) {
    const docs = documents.filter((doc) => doc.type === type);
    const format = docs[0].format;
    for (const { tool, markdown } of tools) {
      if (!tool.handles(format)) continue;
      const row = newRow(type, tool, docs, markdown);
      rows.push(row);
      if (tool.unavailable || !tool.reads(format)) {
        row.status = tool.unavailable ?? 'no reader';
        continue;
      }
      let pooled: Counts = {};
      for (const doc of docs) {
        const truth = loadTruth(doc);
        const result = await tool.convert(doc);
        // A failed conversion scores as empty output, so a partial failure lowers the score.
        const output = result.ok ? result.output : { text: '', markdown: markdown ? '' : undefined };
        const counts = scoreDocument(truth, output, doc.metrics);
        pooled = addCounts(pooled, counts);
        if (result.ok) row.converted += 1;
        else row.failures.set(result.failure, (row.failures.get(result.failure) ?? 0) + 1);
        if (perDocument) {
          const docRow = newRow(relative(CORPUS, doc.file), tool, [doc], markdown);
          docRow.counts = counts;
          docRow.converted = result.ok ? 1 : 0;
          if (!result.ok) {
            docRow.failures.set(result.failure, 1);
            if (result.detail) details.push(`${relative(CORPUS, doc.file)} (${tool.label}): ${result.detail}`);
          }
          documentRows.push(docRow);
        }
      }
      row.counts = pooled;
    }
  }

  // Third-party documents first: they stand for what users send. The corpus below was written here and is kept as a regression check.
  print(`${await runThirdParty({ documents: perDocument })}\n\n`);
  print(`Self-written regression corpus: conversion quality on ${documents.length} documents (libs/converters/bench/corpus)\n`);
  print('Scores pool every document of a type (micro average); 1.000 is best. Text F1: bag of words of the text output.\n');
  print('Recalls: ATX headings (level and text), list items and pipe-table cells of the markdown output.\n\n');
  if (perDocument) {
    print(`${renderTextTable(documentRows)}\n`);
    if (details.length > 0) print(`Failures:\n${details.map((detail) => `  ${detail}\n`).join('')}\n`);
  }
  print(renderTextTable(rows));
  print('\nMarkdown:\n\n');
  print(renderMarkdownTable(rows));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:quality: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
