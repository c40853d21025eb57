import type { TextRun } from './pdf-lines';

/**
 * A table-of-contents entry: a title, a dot leader (five or more dots, spaced or
 * not; an ellipsis is three) and a page number, arabic or roman, at the end of the line.
 */
const TOC_ENTRY = /^\S.*?\S\s*(?:\.\s?){5,}\.?\s*(?:\d{1,5}|[ivxlcdm]{1,8})$/i;
/** The leader inside a run's text: dots with optional spaces between them. */
const LEADER = /\s*(?:\.\s?){3,}\.?\s*/g;

export function isTocEntry(text: string): boolean {
  return TOC_ENTRY.test(text.trim());
}

/**
 * The entry's runs with its dot leader replaced by " … ", so that the entry reads as
 * "1.2 Concept … 6" (a leader is drawing, not text; the page number is kept).
 */
export function withoutLeader(runs: readonly TextRun[]): TextRun[] {
  return runs.map((run) => ({ ...run, text: run.text.replace(LEADER, ' … ') })).filter((run) => run.text !== '');
}
