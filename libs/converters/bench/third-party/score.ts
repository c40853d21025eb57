import { type BagCounts, EMPTY_BAG, addBagCounts, bagCounts } from '../metrics/bag-f1';
import { normalizeItem } from '../metrics/tokens';
import type { CorpusEntry } from './corpus-index';
import {
  type HeadingCounts,
  type MhsScores,
  flattenSpans,
  headingCounts,
  headingTreeSimilarity,
  mhs,
  nid,
  scorePageTables,
  wordCounts,
} from './metrics';
import type { PredictedTable } from './predictions';
import type { Converted, DocformatOutput } from './tools';
import type { TruthTable } from './truth';

export interface TableScores {
  /** Per truth table; 0 for one no predicted table matched. */
  teds: number[];
  tedsS: number[];
  /** Truth tables a predicted table matched. */
  found: number;
  relations: BagCounts;
  /** Non-empty truth cells whose text is a cell of a table found on the same page (position not checked). */
  cells: BagCounts;
}

export interface HeadingScores {
  counts: HeadingCounts;
  mhs: MhsScores | null;
  /** Level-aware: the headings as a tree by level (metrics/mhs.ts). */
  tree: number | null;
}

export interface TextScores {
  words: BagCounts;
  /** Reading order: normalized indel similarity of the words (docformat: tables stripped, NID-S; pdftotext: its whole text). */
  order: number | null;
}

export interface DocumentScores {
  entry: CorpusEntry;
  failure?: string;
  tables?: TableScores;
  headings?: HeadingScores;
  /** The headings again, read with the file's tag tree and outline ignored: what the layout alone finds. */
  layoutHeadings?: HeadingCounts;
  text?: TextScores;
  pdftotext?: TextScores | { failure: string };
}

const EMPTY_OUTPUT: DocformatOutput = { tables: [], headings: [], textWithoutTables: '', text: '' };

const onPages = (pages: number[] | undefined) => (page: number) => !pages || pages.includes(page);

export function scoreTables(
  truthTables: readonly TruthTable[],
  output: DocformatOutput,
  pages: number[] | undefined,
  complete: boolean,
): TableScores {
  const scores: TableScores = { teds: [], tedsS: [], found: 0, relations: EMPTY_BAG, cells: EMPTY_BAG };
  const predicted = output.tables.flatMap((table) => onTruthPages(table, pages));
  // Where the truth marks no header cell (most tools' tests), header-ness is not scored.
  const headers = truthTables.some((table) => table.rows.some((row) => row.some((cell) => cell.header)));
  const truthPages = [...new Set(truthTables.map((table) => table.page))].sort((a, b) => a - b);
  // A page the truth lists as complete with no table on it still counts what was found there.
  const scoredPages = complete && pages ? [...new Set([...truthPages, ...pages])] : truthPages;
  for (const page of scoredPages) {
    const here = truthTables.filter((table) => table.page === page);
    // Against a truth that is a flat grid, the prediction's spans are written as that grid writes them.
    const flat = (here[0] ?? truthTables[0])?.flatSpans;
    const predictedHere = predicted
      .filter((table) => table.page === page)
      .map((table) => (flat ? { ...table, ...flattenSpans(table, flat) } : table));
    // A table the source checks only in part is scored on those rows, against the same rows of each candidate.
    for (const table of here.filter((t) => t.partial && t.rows.length > 0)) {
      const views = predictedHere.map((candidate) => ({
        page,
        rows: rowsAt(candidate.rows, table.rowIndices ?? table.rows.map((_, i) => i)),
      }));
      const result = scorePageTables([table], views, { truthComplete: false, headers });
      scores.teds.push(result.matches[0].teds);
      scores.tedsS.push(result.matches[0].tedsS);
      if (result.matches[0].predicted !== null) scores.found += 1;
      scores.relations = addBagCounts(scores.relations, result.relations);
    }
    // One the source gives only the size of is left out: it has no cells to score.
    const truthHere = here.filter((table) => !table.partial);
    // A partial truth table's own match is scored above, so beside one, a table found
    // on the page cannot be called spurious: the page is not complete for precision.
    const pageComplete = complete && here.every((table) => !table.partial);
    const result = scorePageTables(truthHere, predictedHere, { truthComplete: pageComplete, headers });
    for (const match of result.matches) {
      scores.teds.push(match.teds);
      scores.tedsS.push(match.tedsS);
      if (match.predicted !== null) scores.found += 1;
    }
    scores.relations = addBagCounts(scores.relations, result.relations);
    const cellTexts = (tables: readonly { rows: readonly (readonly { text: string }[])[] }[]) =>
      tables.flatMap((table) => table.rows.flatMap((row) => row.map((cell) => normalizeItem(cell.text)))).filter((text) => text !== '');
    const found = bagCounts(cellTexts(truthHere), cellTexts(predictedHere));
    // Recall only: cells of tables the truth does not speak about are not errors here.
    scores.cells = addBagCounts(scores.cells, { matched: found.matched, predicted: found.matched, expected: found.expected });
  }
  return scores;
}

/**
 * The part of a predicted table on the pages the truth speaks about: a table joined
 * over a page break keeps only its rows there, so rows the truth cannot see (the
 * source checked one page) are neither matched nor spurious. A span is cut to the
 * rows kept.
 */
function onTruthPages(table: PredictedTable, pages: number[] | undefined): PredictedTable[] {
  const rowPages = table.rowPages;
  if (!rowPages || !pages) return onPages(pages)(table.page) ? [table] : [];
  const kept = rowPages.map((page) => pages.includes(page));
  const first = kept.indexOf(true);
  if (first < 0) return [];
  const rows = table.rows.flatMap((row, r) => {
    if (!kept[r]) return [];
    return [
      row.map((cell) => {
        if (!cell.rowSpan) return cell;
        const rowSpan = kept.slice(r, r + cell.rowSpan).filter(Boolean).length;
        const { rowSpan: _cut, ...rest } = cell;
        return rowSpan > 1 ? { ...rest, rowSpan } : rest;
      }),
    ];
  });
  return [{ page: rowPages[first], rows }];
}

/** The rows at these indexes (negative: from the end), those that exist. */
function rowsAt<T>(rows: readonly T[], indexes: readonly number[]): T[] {
  return indexes.map((index) => rows[index < 0 ? rows.length + index : index]).filter((row): row is T => row !== undefined);
}

export function scoreDocument(entry: CorpusEntry, docformat: Converted<DocformatOutput>, pdftotext: Converted<string>): DocumentScores {
  const { truth } = entry;
  const scores: DocumentScores = { entry };
  if (truth.text !== undefined) {
    scores.pdftotext = pdftotext.ok
      ? { words: wordCounts(truth.text, pdftotext.value), order: nid(truth.text, pdftotext.value) }
      : { failure: pdftotext.failure };
  }
  // A failed conversion scores as an empty output: a failure must not lift the averages.
  if (!docformat.ok) scores.failure = docformat.failure;
  const output = docformat.ok ? docformat.value : EMPTY_OUTPUT;
  if (truth.tables) scores.tables = scoreTables(truth.tables, output, truth.pages, truth.tablesComplete ?? false);
  if (truth.headings) {
    const predicted = output.headings.filter((heading) => heading.page === undefined || onPages(truth.pages)(heading.page));
    scores.headings = {
      counts: headingCounts(truth.headings, predicted),
      mhs: mhs(truth.headings, predicted),
      tree: headingTreeSimilarity(truth.headings, predicted),
    };
  }
  if (truth.text !== undefined) {
    scores.text = { words: wordCounts(truth.text, output.text), order: nid(truth.text, output.textWithoutTables) };
  }
  return scores;
}

/** Heading counts of a conversion made with the file's declared structure ignored, for `layoutHeadings`. */
export function scoreLayoutHeadings(entry: CorpusEntry, docformat: Converted<DocformatOutput>): HeadingCounts | undefined {
  const { truth } = entry;
  if (!truth.headings) return undefined;
  const output = docformat.ok ? docformat.value : EMPTY_OUTPUT;
  return headingCounts(
    truth.headings,
    output.headings.filter((heading) => heading.page === undefined || onPages(truth.pages)(heading.page)),
  );
}
