import { type HeadingHint, squashed, unlabelled } from './heading-hints';
import { type FlowElement, isTable } from './tables/page-table';
import type { TextLine, TextRun } from './text-lines';
import { runsText } from './text-runs';

/** Punctuation that ends a run-in title before its paragraph goes on. */
const RUN_IN_END = /[.:]\s*$/;

/**
 * Splits off the headings a paragraph starts with, where the file's outline names them:
 * a journal's subsections are set run-in ("**1.1 Essential Initial Commands.** To
 * begin, …"), the title in bold at the start of its paragraph's first line. A line
 * whose leading bold runs end in a full stop or colon and, so ended, are a bookmark's
 * title on that page (or the next, as heading-hints.ts looks) becomes two lines at the
 * same place: the title, found then as any bookmarked heading, and the rest of the
 * line, which starts the paragraph. Without an outline nothing is split: bold words
 * opening a paragraph are as often its emphasis.
 */
export function splitRunInHeadings(flow: readonly FlowElement[], hints: readonly HeadingHint[]): readonly FlowElement[] {
  const titles = new Map<number, Set<string>>();
  for (const hint of hints) {
    if (hint.page === undefined) continue;
    for (const page of [hint.page, hint.page + 1]) {
      const keys = titles.get(page) ?? new Set<string>();
      keys.add(squashed(hint.text)).add(unlabelled(hint.text));
      titles.set(page, keys);
    }
  }
  if (titles.size === 0) return flow;
  return flow.flatMap((element): FlowElement[] => {
    if (isTable(element)) return [element];
    const keys = titles.get(element.page);
    return keys ? split(element, keys) : [element];
  });
}

function split(line: TextLine, keys: ReadonlySet<string>): TextLine[] {
  const bold = line.runs.findIndex((run) => !run.bold && run.text.trim() !== '');
  if (bold <= 0 || bold === line.runs.length) return [line];
  const head = line.runs.slice(0, bold);
  const headText = runsText(head);
  if (!RUN_IN_END.test(headText)) return [line];
  const title = headText.replace(RUN_IN_END, '').trim();
  if (title === '' || (!keys.has(squashed(title)) && !keys.has(unlabelled(title)))) return [line];
  const rest = trimStart(line.runs.slice(bold));
  // Where the rest starts: the line's width shared out by characters, as list markers are cut.
  const cut = line.x + ((line.right - line.x) * headText.length) / Math.max(1, line.text.length);
  // The title without the stop that ends it (and the spaces after).
  const headRuns = head.filter((run, i) => i === 0 || runsText(head.slice(i)).trim() !== '').map((run) => ({ ...run }));
  const last = headRuns[headRuns.length - 1];
  last.text = last.text.replace(RUN_IN_END, '');
  const part = (runs: TextRun[], x: number, right: number, isBold: boolean): TextLine => {
    const text = runsText(runs).trim();
    return { ...line, runs, text, x, right, bold: isBold, segments: [{ x, right, text, runs, items: [] }] };
  };
  return [part(headRuns, line.x, cut, true), part(rest, cut, line.right, false)];
}

function trimStart(runs: readonly TextRun[]): TextRun[] {
  const out = runs.map((run) => ({ ...run }));
  if (out[0]) out[0].text = out[0].text.replace(/^\s+/, '');
  return out;
}
