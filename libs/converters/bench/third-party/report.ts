import { type BagCounts, EMPTY_BAG, addBagCounts, f1 } from '../metrics/bag-f1';
import { precision, recall } from './metrics';
import type { DocumentScores } from './score';
import type { Half } from './split';

/** Documents whose truth the reader could also read from the file (tags, outline) are reported apart. */
export type TruthGroup = 'independent' | 'file-signals';
export const groupOf = (scores: DocumentScores): TruthGroup =>
  scores.entry.truth.truthFrom === 'tags' || scores.entry.truth.truthFrom === 'outline' ? 'file-signals' : 'independent';

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
const sum = (counts: readonly BagCounts[]) => counts.reduce(addBagCounts, EMPTY_BAG);
const fmt = (value: number | null, digits = 3) => (value === null ? '–' : value.toFixed(digits));

interface Row {
  metric: string;
  /** Per half: docformat, then pdftotext where it has a value. */
  cells: Record<Half, [string, string]>;
}

function metricsOf(docs: readonly DocumentScores[]) {
  const tables = docs.flatMap((doc) => (doc.tables ? [doc.tables] : []));
  const headings = docs.flatMap((doc) => (doc.headings ? [doc.headings] : []));
  const layout = docs.flatMap((doc) => (doc.layoutHeadings ? [doc.layoutHeadings] : []));
  const texts = docs.flatMap((doc) => (doc.text ? [doc.text] : []));
  const baseline = docs.flatMap((doc) => (doc.pdftotext && 'words' in doc.pdftotext ? [doc.pdftotext] : []));
  const relations = sum(tables.map((t) => t.relations));
  const truthTables = tables.reduce((n, t) => n + t.teds.length, 0);
  return {
    documents: docs.length,
    failures: docs.filter((doc) => doc.failure).length,
    tableDocs: tables.length,
    truthTables,
    found: truthTables === 0 ? null : tables.reduce((n, t) => n + t.found, 0) / truthTables,
    teds: mean(tables.flatMap((t) => t.teds)),
    tedsS: mean(tables.flatMap((t) => t.tedsS)),
    adjacency: tables.length === 0 ? null : { f1: f1(relations), p: precision(relations), r: recall(relations) },
    cells: tables.length === 0 ? null : recall(sum(tables.map((t) => t.cells))),
    headingDocs: headings.length,
    headingRecall: headings.length === 0 ? null : recall(sum(headings.map((h) => h.counts.sameLevel))),
    headingRecallAnyLevel: headings.length === 0 ? null : recall(sum(headings.map((h) => h.counts.anyLevel))),
    headingPrecision: headings.length === 0 ? null : precision(sum(headings.map((h) => h.counts.sameLevel))),
    layoutRecall: layout.length === 0 ? null : recall(sum(layout.map((h) => h.sameLevel))),
    layoutRecallAnyLevel: layout.length === 0 ? null : recall(sum(layout.map((h) => h.anyLevel))),
    mhs: mean(headings.flatMap((h) => (h.mhs ? [h.mhs.mhs] : []))),
    headingTree: mean(headings.flatMap((h) => (h.tree === null ? [] : [h.tree]))),
    textDocs: texts.length,
    words: texts.length === 0 ? null : f1(sum(texts.map((t) => t.words))),
    order: mean(texts.flatMap((t) => (t.order === null ? [] : [t.order]))),
    baselineWords: baseline.length === 0 ? null : f1(sum(baseline.map((t) => t.words))),
    baselineOrder: mean(baseline.flatMap((t) => (t.order === null ? [] : [t.order]))),
  };
}

/** One markdown table per truth group: the metrics down, the halves across, docformat beside pdftotext. */
export function renderReport(all: readonly DocumentScores[]): string {
  const out: string[] = [];
  const groups: [TruthGroup, string][] = [
    ['independent', "Truth independent of the file (other projects' tests, the source document an office PDF was exported from)"],
    ['file-signals', "Truth from the file's own tag tree or outline (a signal the reader may use too)"],
  ];
  for (const [group, title] of groups) {
    const docs = all.filter((doc) => groupOf(doc) === group);
    if (docs.length === 0) continue;
    const byHalf = {
      development: metricsOf(docs.filter((doc) => doc.entry.half === 'development')),
      report: metricsOf(docs.filter((doc) => doc.entry.half === 'report')),
    };
    const row = (metric: string, pick: (m: ReturnType<typeof metricsOf>) => [string, string]): Row => ({
      metric,
      cells: { development: pick(byHalf.development), report: pick(byHalf.report) },
    });
    const rows: Row[] = [
      row('documents (failed)', (m) => [`${m.documents} (${m.failures})`, '']),
      row('tables in the truth (documents)', (m) => [`${m.truthTables} (${m.tableDocs})`, '']),
      row('tables found', (m) => [fmt(m.found), '']),
      row('table TEDS', (m) => [fmt(m.teds), '']),
      row('table TEDS-S (structure only)', (m) => [fmt(m.tedsS), '']),
      row('table adjacency F1 (P / R)', (m) => [
        m.adjacency ? `${fmt(m.adjacency.f1)} (${fmt(m.adjacency.p, 2)} / ${fmt(m.adjacency.r, 2)})` : '–',
        '',
      ]),
      row('table-cell recall', (m) => [fmt(m.cells), '']),
      row('headings in the truth (documents)', (m) => [`(${m.headingDocs})`, '']),
      row('heading recall (text and level)', (m) => [fmt(m.headingRecall), '']),
      row('heading recall (text, any level)', (m) => [fmt(m.headingRecallAnyLevel), '']),
      row('heading precision (text and level)', (m) => [fmt(m.headingPrecision), '']),
      row('heading recall, tags and outline ignored (text and level)', (m) => [fmt(m.layoutRecall), '']),
      row('heading recall, tags and outline ignored (text, any level)', (m) => [fmt(m.layoutRecallAnyLevel), '']),
      row('heading MHS (levels ignored)', (m) => [fmt(m.mhs), '']),
      row('heading tree similarity (levels count)', (m) => [fmt(m.headingTree), '']),
      row('text: word F1 (documents)', (m) => [m.textDocs ? `${fmt(m.words)} (${m.textDocs})` : '–', fmt(m.baselineWords)]),
      row('reading order: NID-S (pdftotext: NID)', (m) => [fmt(m.order), fmt(m.baselineOrder)]),
    ];
    out.push(`### ${title}`, '');
    out.push('| metric | development: docformat | pdftotext | report: docformat | pdftotext |', '|---|---:|---:|---:|---:|');
    for (const r of rows)
      out.push(`| ${r.metric} | ${r.cells.development[0]} | ${r.cells.development[1]} | ${r.cells.report[0]} | ${r.cells.report[1]} |`);
    out.push('');
  }
  return out.join('\n');
}

/** A document's kind: the corpus folder it came from (a table suite, the office exports, the HTML prints, the tagged suite, the bookmarked manuals). */
export const kindOf = (scores: DocumentScores): string => scores.entry.truth.file.split('/')[0];

/**
 * One row per kind and half: the headline metrics, so a kind the reader handles badly
 * shows even where the other kinds carry the group's average.
 */
export function renderKinds(all: readonly DocumentScores[]): string {
  const out = [
    '| kind | half | documents | tables found | adjacency F1 (P / R) | table-cell recall | heading recall (text and level) | word F1, docformat / pdftotext |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  const kinds = [...new Set(all.map(kindOf))].sort();
  for (const kind of kinds)
    for (const half of ['development', 'report'] as const) {
      const docs = all.filter((doc) => kindOf(doc) === kind && doc.entry.half === half);
      if (docs.length === 0) continue;
      const m = metricsOf(docs);
      const adjacency = m.adjacency ? `${fmt(m.adjacency.f1)} (${fmt(m.adjacency.p, 2)} / ${fmt(m.adjacency.r, 2)})` : '–';
      const words = m.textDocs ? `${fmt(m.words)} / ${fmt(m.baselineWords)}` : '–';
      out.push(
        `| ${kind} | ${half} | ${m.documents} | ${fmt(m.found)} | ${adjacency} | ${fmt(m.cells)} | ${fmt(m.headingRecall)} | ${words} |`,
      );
    }
  return out.join('\n');
}

/** One line per document, for --documents. */
export function renderDocuments(all: readonly DocumentScores[]): string {
  const out = [
    '| document | half | truth | tables found | TEDS | adjacency F1 | heading recall | word F1 | NID-S | note |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const doc of all) {
    const t = doc.tables;
    const h = doc.headings;
    out.push(
      `| ${doc.entry.truth.file} | ${doc.entry.half} | ${doc.entry.truth.truthFrom} | ${t ? `${t.found}/${t.teds.length}` : ''} | ${t ? fmt(mean(t.teds)) : ''} | ${
        t ? fmt(f1(t.relations)) : ''
      } | ${h ? fmt(recall(h.counts.sameLevel)) : ''} | ${doc.text ? fmt(f1(doc.text.words)) : ''} | ${doc.text ? fmt(doc.text.order) : ''} | ${doc.failure ?? ''} |`,
    );
  }
  return out.join('\n');
}
