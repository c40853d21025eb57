import type { FlatSpans } from '../../metrics/flat-spans';

/** The table suites whose test expectations become truth, and what each expectation is. */

export type Project = 'tabula' | 'camelot' | 'pdfplumber';

/** Where a table's cells come from. */
export type Expectation =
  /** A table bound in camelot's `tests/data.py` (our copy: `camelot/expected-data.py`). */
  | { from: 'camelot'; name: string }
  /** A tabula `csv/` file; `rows` takes rows [start, end) when the file holds several tables one after the other. */
  | { from: 'tabula-csv'; file: string; rows?: [number, number] }
  /** Table `index` of a tabula `json/` file (lattice tables: spans come from the cells' rectangles). */
  | { from: 'tabula-json'; file: string; index: number }
  /** Rows written out in the test's own code (an assertion's literal). */
  | { from: 'test'; rows: string[][] }
  /** The test states only that the table is there, and maybe its size: no cells. */
  | { from: 'shape' };

/**
 * A correction of an artefact the PDF text plainly shows is the tool's, not the
 * table's; each use says why in the table's note.
 */
export type Fix =
  | { kind: 'dropRows'; rows: number[] }
  | { kind: 'dropColumns'; columns: number[] }
  | { kind: 'dropEmptyRows' }
  /** Columns first..last into one, where no row has text in more than one of them. */
  | { kind: 'mergeColumns'; first: number; last: number }
  | { kind: 'replace'; pattern: RegExp; replacement: string };

export interface TableSource {
  page: number;
  expect: Expectation;
  fixes?: Fix[];
  /**
   * The test checks only part of the table. `firstRow`: the index in the whole table
   * of the first row given (rows follow on); `rowIndices` instead when they do not.
   */
  partial?: { firstRow?: number; rowIndices?: number[]; rowCount?: number; columnCount?: number };
  note?: string;
  /** How the expectation writes a spanning cell, where not as `blank` (camelot's copy_text: `copied-down`). */
  flatSpans?: FlatSpans;
}

export interface DocumentSource {
  project: Project;
  /** The PDF's name under `corpus/<project>/`. */
  file: string;
  /** Its path under the shared `tables/<project>/` folder. */
  from: string;
  /** Its path in the upstream repository. */
  upstream: string;
  /** Test file and test(s) that state the truth. */
  test: string;
  /** Extraction method and the options the test passed (page, area, columns), as the test gives them. */
  method: string;
  genre: string;
  pages: number[];
  tablesComplete: boolean;
  /** `tags`: the test asserts the tag tree; cells are read from the tagged content. */
  tables: TableSource[] | 'tags';
}

/** A whole-row quirk most camelot stream expectations share, said once. */
export const SPLIT_HEADER = 'header cells that wrap over several lines are split into one row per line, as the tool returns them';
