import { sectionDepth } from './numbered-headings';
import { type FlowElement, isTable } from './tables/page-table';
import type { TextLine, TextRun } from './text-lines';

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

/** Section-numbered lines in a row that make a contents list when no page number says so. */
const MIN_NUMBERED_ENTRIES = 4;

/**
 * A contents list without leaders or page numbers (plain-text specifications, RFC-style
 * documents): four or more section-numbered lines in a row ("0. Preface", "0.1. Notices",
 * "1. Conventions"), at two depths or more, their top-level numbers never going back. In
 * the body a numbered heading has text under it, so headings do not line up like this;
 * and where the body's sections start again at 0 or 1 right after the list, the list ends.
 */
export function numberedContents(flow: readonly FlowElement[]): Set<TextLine> {
  const entries = new Set<TextLine>();
  let run: Array<{ line: TextLine; depth: number; top: number }> = [];
  const flush = () => {
    const depths = new Set(run.map((entry) => entry.depth));
    if (run.length >= MIN_NUMBERED_ENTRIES && depths.has(1) && depths.size > 1) for (const entry of run) entries.add(entry.line);
    run = [];
  };
  for (const element of flow) {
    if (isTable(element)) {
      flush();
      continue;
    }
    const depth = sectionDepth(element.text);
    const top = /^(\d+)/.exec(element.text.trim())?.[1];
    if (depth === undefined || top === undefined) {
      flush();
      continue;
    }
    if (run.length > 0 && Number(top) < run[run.length - 1].top) flush();
    run.push({ line: element, depth, top: Number(top) });
  }
  flush();
  return entries;
}
