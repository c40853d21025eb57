/**
 * What the third-party benchmark knows about a document, from a source that is not
 * docformat's output: another project's tests, the file's own tag tree or outline, or
 * the document a PDF was exported from. One JSON file per PDF in `truth/`, named as the
 * PDF is under `corpus/` with `.json` added (`corpus/camelot/foo.pdf` →
 * `truth/camelot/foo.pdf.json`).
 */

import type { FlatSpans } from './metrics/flat-spans';

/** A table cell as the truth gives it. Spans default to 1. */
export interface TruthCell {
  text: string;
  rowSpan?: number;
  colSpan?: number;
  /** A header cell (TH, or a header row the source names). */
  header?: boolean;
}

export interface TruthTable {
  /** 1-based page the table starts on. */
  page: number;
  /**
   * Rows of cells in reading order, as HTML writes them: a cell covered by a span
   * above or to the left is not repeated.
   */
  rows: TruthCell[][];
  /** Where the source says the expectation carries a tool's quirk (a split header, an empty column): said, and scored as cells. */
  note?: string;
  /**
   * The source is a flat grid, a tool's output that cannot write spans: how it writes
   * a spanning cell (metrics/flat-spans.ts). A prediction's spans are written the same
   * way before this table is scored. Absent: `rows` carries its spans, or has none.
   */
  flatSpans?: FlatSpans;
  /**
   * The source checks only part of this table (its last row, its first two rows, only
   * its size, or an area that leaves rows out): `rows` holds just the rows it gives,
   * maybe none, and `rowIndices` says where they sit. Score those rows against the
   * matched table's rows there; the table's other rows are neither missing nor extra.
   */
  partial?: boolean;
  /** With `partial`: the index of each of `rows` in the whole table, 0-based; negative counts from the end (-1 is the last row). */
  rowIndices?: number[];
  /** The table's row and column counts, where the source states them (with or without `rows`). */
  rowCount?: number;
  columnCount?: number;
}

export interface TruthHeading {
  /** 1–6. */
  level: number;
  text: string;
  /** 1-based page, when the source gives it. */
  page?: number;
}

/** Where a document's truth comes from; `tags` and `outline` are signals the reader may use too, so those documents are reported apart. */
export type TruthSource = 'tests' | 'tags' | 'outline' | 'source-document';

export interface DocumentTruth {
  /** The PDF, relative to `corpus/`. */
  file: string;
  /** The project or package it comes from, e.g. `tabula-java`, `debian:r-doc-pdf`. */
  origin: string;
  /** SPDX identifier or the licence's name, as the origin states it. */
  licence: string;
  /** What sort of document it is: paper, report, statement, statistical-table, manual, slides, form, book, invoice, brochure, … */
  genre: string;
  /** The PDF's Producer or Creator, when it names one (Word, LaTeX, InDesign, …). */
  producer?: string;
  truthFrom: TruthSource;
  /** The pages the truth speaks about (1-based); scoring looks at these only. Absent: every page. */
  pages?: number[];
  /**
   * The tables on `pages`. With `tablesComplete`, these are all the tables there, so a
   * table found anywhere else on those pages counts against precision; without it (a
   * test that checks one area of a page), only tables matched to these are scored.
   */
  tables?: TruthTable[];
  tablesComplete?: boolean;
  /** Every heading of the document (or of `pages`), in reading order. */
  headings?: TruthHeading[];
  /** The text in reading order, tables left out, for word F1 and reading order (NID-S). */
  text?: string;
}
