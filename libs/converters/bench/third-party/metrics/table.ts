/**
 * A table as the metrics take it: rows of cells in reading order, as HTML writes them
 * (a slot covered by a span from above or the left is not repeated). `TruthTable` from
 * ../truth.ts fits, and so does a table read from a converter's output.
 */
export interface MetricCell {
  text: string;
  rowSpan?: number;
  colSpan?: number;
  /** A header cell (TH). */
  header?: boolean;
}

export interface MetricTable {
  rows: readonly (readonly MetricCell[])[];
}

/** A span as a count of slots: a whole number, at least 1 (absent, 0, negative or NaN: 1, as HTML reads them). */
export function spanOf(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}
