import type { TextRun } from './text-lines';

/**
 * A table-of-contents entry: a title, a dot leader (five or more dots, spaced or
 * not; an ellipsis is three) and a page number, arabic or roman, at the end of the line.
 */
const TOC_ENTRY = /^\S.*?\S\s*(?:\.\s?){5,}\.?\s*(?:\d{1,5}|[ivxlcdm]{1,8})$/i;
/** The leader inside a run's text: dots with optional spaces between them. */
const LEADER = /\s*(?:\.\s?){3,}\.?\s*/g;

/**
 * Longer lines are never contents entries; the bound also keeps the pattern's
 * backtracking (quadratic in the line's length) small on a hostile line of dots.
 */
const MAX_ENTRY_LENGTH = 300;

export function isTocEntry(text: string): boolean {
  return text.length <= MAX_ENTRY_LENGTH && TOC_ENTRY.test(text.trim());
}

/**
 * The entry's runs with its dot leader replaced by " … ", so that the entry reads as
 * "1.2 Concept … 6" (a leader is drawing, not text; the page number is kept).
 */
export function withoutLeader(runs: readonly TextRun[]): TextRun[] {
  return runs.map((run) => ({ ...run, text: run.text.replace(LEADER, ' … ') })).filter((run) => run.text !== '');
}
