import type { Block, BlockPosition, BoundingBox, HeadingLevel, List } from '../document';
import { type LayoutMetrics, MAX_HEADING_LENGTH, columnKey, headingKey, measureLayout } from './layout-metrics';
import { type HeadingHint, hintedLevels } from './heading-hints';
import { listMarker } from './list-marker';
import { splitRunInHeadings } from './run-in-headings';
import { isTocEntry, numberedContents, withoutLeader } from './toc-entries';
import { numberedLevels, sectionDepth } from './numbered-headings';
import { dropSoftHyphens } from './characters';
import { type FlowElement, isTable } from './tables/page-table';
import type { TextLine, TextRun } from './text-lines';
import { resolveLineEndHyphens } from './line-end-hyphens';
import { appendLine, dropPrefix, runsText, runsToInline } from './text-runs';

/** What is being built when the next line arrives. */
type Open =
  | { kind: 'none' }
  | { kind: 'heading'; level: HeadingLevel; text: string; last: TextLine }
  | { kind: 'paragraph'; runs: TextRun[]; last: TextLine }
  | { kind: 'code'; lines: TextLine[] }
  | { kind: 'list'; stack: Array<{ markerX: number; list: List }>; runs: TextRun[]; textX: number; last: TextLine; toc?: boolean };

/**
 * Lines and tables (furniture already removed, pages in reading order) → IR blocks. Headings come from
 * font size (ranked against the body size) or from short bold lines that stand alone;
 * monospace lines are code; marker lines are list items, nested by indentation; the
 * rest is joined into paragraphs, across page breaks when the last line runs full width.
 * Headings the file declares (`hints`: its outline) set the levels right (heading-hints.ts),
 * and split off the paragraphs they are set run-in at the start of (run-in-headings.ts).
 */
export function linesToBlocks(pageFlow: readonly FlowElement[], hints: readonly HeadingHint[] = []): Block[] {
  // The type is ranked on the lines as drawn: a run-in title split off is the outline's, not a style's.
  const drawn = pageFlow.filter((element): element is TextLine => !isTable(element));
  const metrics = measureLayout(drawn);
  const visual = headingLevels(drawn, metrics);
  const flow = splitRunInHeadings(pageFlow, hints);
  const lines = flow.filter((element): element is TextLine => !isTable(element));
  const lineAt = (index: number) => {
    const element = flow[index];
    return element && !isTable(element) ? element : undefined;
  };
  const headings = hintedLevels(lines, visual, hints);
  const contents = numberedContents(flow);
  const blocks: Block[] = [];
  let open: Open = { kind: 'none' };
  // The lines of the block being built (a list's: all of them), for its page and box.
  let openLines: TextLine[] = [];
  let openList: List | undefined;

  const close = () => {
    const at = positionOf(openLines);
    if (open.kind === 'heading')
      blocks.push({ type: 'heading', level: open.level, content: [{ type: 'text', text: dropSoftHyphens(open.text) }], ...at });
    if (open.kind === 'paragraph') blocks.push({ type: 'paragraph', content: runsToInline(open.runs), ...at });
    if (open.kind === 'code') blocks.push({ ...codeBlock(open.lines), ...at });
    if (open.kind === 'list') flushItem(open);
    if (openList) Object.assign(openList, at);
    open = { kind: 'none' };
    openLines = [];
    openList = undefined;
  };

  flow.forEach((line, index) => {
    if (isTable(line)) {
      close();
      const bbox: BoundingBox = [round(line.left), round(line.top), round(line.right), round(line.bottom ?? line.top)];
      blocks.push({ ...line.table, page: line.page, bbox });
      return;
    }
    const previous = lineAt(index - 1);
    // A contents entry is one item of a list, one per line (nested by its indentation),
    // never a heading and never joined into a paragraph of dots.
    if (isTocEntry(line.text) || contents.has(line)) {
      const runs = withoutLeader(line.runs);
      if (open.kind !== 'list' || !open.toc) {
        close();
        const list: List = { type: 'list', ordered: false, items: [] };
        blocks.push(list);
        open = { kind: 'list', stack: [{ markerX: line.x, list }], runs, textX: line.x, last: line, toc: true };
        openLines = [line];
        openList = list;
      } else {
        flushItem(open);
        placeItem(open, line.x, false);
        open.runs = runs;
        open.last = line;
        openLines.push(line);
      }
      return;
    }
    const level = headings.get(line);
    if (level !== undefined) {
      if (open.kind === 'heading' && open.level === level && previous && sameBlockGap(previous, line, line.size * 1.6)) {
        open.text += ` ${line.text}`;
        open.last = line;
        openLines.push(line);
        return;
      }
      close();
      open = { kind: 'heading', level, text: line.text, last: line };
      openLines = [line];
      return;
    }
    if (line.mono) {
      if (open.kind !== 'code') close();
      if (open.kind === 'code') {
        open.lines.push(line);
        openLines.push(line);
      } else {
        open = { kind: 'code', lines: [line] };
        openLines = [line];
      }
      return;
    }
    const marker = listMarker(line.text);
    const continues = (open.kind === 'paragraph' || open.kind === 'list') && continuesBlock(open.last, line, metrics);
    if (marker && !(open.kind === 'paragraph' && continues && isFull(open.last, metrics) && !endsSentence(open.last.text))) {
      const runs = dropPrefix(line.runs, line.text.length - marker.rest.length);
      const textX = line.x + (line.right - line.x) * ((line.text.length - marker.rest.length) / line.text.length);
      // A marker of the other kind at the outermost indentation starts a new list, as does any marker after a contents list.
      const newList =
        open.kind !== 'list' ||
        open.toc === true ||
        (Math.abs(line.x - open.stack[0].markerX) <= 2 && open.stack[0].list.ordered !== marker.ordered);
      if (newList) {
        close();
        const list: List = {
          type: 'list',
          ordered: marker.ordered,
          ...(marker.number !== undefined && marker.number !== 1 ? { start: marker.number } : {}),
          items: [],
        };
        blocks.push(list);
        open = { kind: 'list', stack: [{ markerX: line.x, list }], runs, textX, last: line };
        openLines = [line];
        openList = list;
      } else if (open.kind === 'list') {
        flushItem(open);
        placeItem(open, line.x, marker.ordered);
        open.runs = runs;
        open.textX = textX;
        open.last = line;
        openLines.push(line);
      }
      return;
    }
    if (open.kind === 'list' && continues && line.x >= open.textX - line.size) {
      appendLine(open.runs, line.runs);
      open.last = line;
      openLines.push(line);
      return;
    }
    if (open.kind === 'list') flushItem(open);
    if (open.kind === 'paragraph' && continues) {
      appendLine(open.runs, line.runs);
      open.last = line;
      openLines.push(line);
      return;
    }
    close();
    open = { kind: 'paragraph', runs: line.runs.map((run) => ({ ...run })), last: line };
    openLines = [line];
  });
  close();
  // Tables' cells were joined on their pages; every broken word of the document is decided here, over all of its text.
  return resolveLineEndHyphens(blocks);
}

/**
 * The page a block starts on and its box there: the union of its lines on that page
 * (a paragraph that runs on over a page break keeps the box of its first part).
 */
function positionOf(lines: readonly TextLine[]): BlockPosition {
  const first = lines[0];
  if (!first) return {};
  const onPage = lines.filter((line) => line.page === first.page);
  const top = Math.min(...onPage.map((line) => line.y - line.size));
  const bottom = Math.max(...onPage.map((line) => line.y + line.size * 0.25));
  const left = Math.min(...onPage.map((line) => line.x));
  const right = Math.max(...onPage.map((line) => line.right));
  return { page: first.page, bbox: [round(left), round(top), round(right), round(bottom)] };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Every heading line's level: by type size and weight (styledLevel), overridden by
 * section numbering where the document numbers its sections (numbered-headings.ts);
 * an unnumbered heading in the style of numbered ones ("Abstract", "References") takes
 * their level.
 */
function headingLevels(lines: readonly TextLine[], metrics: LayoutMetrics): Map<TextLine, HeadingLevel> {
  const styled = new Map<TextLine, HeadingLevel>();
  lines.forEach((line, i) => {
    const level = headingLevel(line, lines[i - 1], lines[i + 1], metrics);
    if (level !== undefined) styled.set(line, level);
  });
  const standsAlone = (i: number) =>
    (i === 0 || !continuesBlock(lines[i - 1], lines[i], metrics)) &&
    (i + 1 >= lines.length || !continuesBlock(lines[i], lines[i + 1], metrics));
  const numbered = numberedLevels(lines, (line) => styled.get(line), standsAlone);
  const byStyle = new Map<string, HeadingLevel>();
  // Sub-sections of a numbered document are numbered too: an unnumbered line in their
  // style (an author line under the title, set in the same size) is not one.
  const subsectionStyles = new Set<string>();
  // The same size in a lighter weight than numbered sub-sections (a regular author line
  // under the title, beside bold sub-section heads) is not a heading either.
  const lighterThanSubsections = new Set<number>();
  for (const [line, level] of numbered) {
    if (sectionDepth(line.text) === 1 && !byStyle.has(headingKey(line))) byStyle.set(headingKey(line), level);
    if ((sectionDepth(line.text) ?? 0) >= 2) {
      subsectionStyles.add(headingKey(line));
      if (line.bold) lighterThanSubsections.add(line.size);
    }
  }
  const notHeadingStyle = (line: TextLine, key: string) =>
    !byStyle.has(key) && (subsectionStyles.has(key) || (!line.bold && lighterThanSubsections.has(line.size)));
  const out = new Map<TextLine, HeadingLevel>();
  for (const line of lines) {
    const key = headingKey(line);
    const unnumbered = styled.has(line) && !notHeadingStyle(line, key) ? (byStyle.get(key) ?? styled.get(line)) : undefined;
    const level = numbered.get(line) ?? unnumbered;
    if (level !== undefined) out.set(line, level);
  }
  return out;
}

/**
 * How a table's or figure's caption starts ("Table 8.21.", "Figure 3:", "Tab. 2"): set
 * large or bold above its table, it is still the caption, a paragraph that stays with
 * the table, never a heading of the document's outline.
 */
const CAPTION =
  /^(?:table|tab\.|tabelle|tableau|tabla|tabela|figure|fig\.|abbildung|abb\.)\s*(?:\d+|[IVX]+|[A-Z])(?:[.-]\d+)*(?:[.:]|\s|$)/i;

function headingLevel(
  line: TextLine,
  previous: TextLine | undefined,
  next: TextLine | undefined,
  metrics: LayoutMetrics,
): HeadingLevel | undefined {
  if (line.mono || line.text.length > MAX_HEADING_LENGTH || CAPTION.test(line.text)) return undefined;
  const bySize = metrics.headingLevels.get(headingKey(line));
  if (bySize !== undefined) return bySize;
  const standsAlone = (!previous || !continuesBlock(previous, line, metrics)) && (!next || !continuesBlock(line, next, metrics));
  const headingLike =
    line.bold && line.size === metrics.bodySize && line.text.length <= 80 && !/[.,;]$/.test(line.text) && !listMarker(line.text);
  return headingLike && standsAlone ? metrics.boldHeadingLevel : undefined;
}

/** Whether `line` carries on the block that `last` belongs to. */
function continuesBlock(last: TextLine, line: TextLine, metrics: LayoutMetrics): boolean {
  if (Math.abs(last.size - line.size) > 0.5 || last.mono !== line.mono) return false;
  const newColumnOrPage = last.page !== line.page || line.y <= last.y;
  if (newColumnOrPage) return isFull(last, metrics) && (!endsSentence(last.text) || /-$/.test(last.text));
  // Paragraph spacing is often only a few points: anything beyond jitter is a gap.
  if (!sameBlockGap(last, line, metrics.lineSpacing + Math.max(1.5, metrics.bodySize * 0.2))) return false;
  return isFull(last, metrics) || !endsSentence(last.text);
}

function sameBlockGap(last: TextLine, line: TextLine, limit: number): boolean {
  return last.page === line.page && line.y > last.y && line.y - last.y <= limit;
}

/** A line that reaches (nearly) the far edge of the column wraps into the next one (the left edge for right-to-left text). */
function isFull(line: TextLine, metrics: LayoutMetrics): boolean {
  if (line.rtl) return line.x <= (metrics.columnLeft.get(columnKey(line)) ?? line.x) + metrics.bodySize * 2;
  const right = metrics.columnRight.get(columnKey(line)) ?? line.right;
  return line.right >= right - metrics.bodySize * 2;
}

function endsSentence(text: string): boolean {
  return /[.!?:;)"'\u201d\u2019]$/.test(text);
}

function flushItem(open: Extract<Open, { kind: 'list' }>): void {
  const list = open.stack[open.stack.length - 1].list;
  if (open.runs.length > 0) list.items.push({ blocks: [{ type: 'paragraph', content: runsToInline(open.runs) }] });
  open.runs = [];
}

/** Moves the list stack to the level of a marker at `markerX`, nesting or un-nesting. */
function placeItem(open: Extract<Open, { kind: 'list' }>, markerX: number, ordered: boolean): void {
  const tolerance = 2;
  while (open.stack.length > 1 && open.stack[open.stack.length - 1].markerX > markerX + tolerance) open.stack.pop();
  const top = open.stack[open.stack.length - 1];
  const parentItem = top.list.items[top.list.items.length - 1];
  if (markerX > top.markerX + tolerance && parentItem) {
    const list: List = { type: 'list', ordered, items: [] };
    parentItem.blocks.push(list);
    open.stack.push({ markerX, list });
  }
}

/** Monospace lines keep their line breaks; indentation is recovered from x offsets. */
function codeBlock(lines: TextLine[]): Block {
  const left = Math.min(...lines.map((line) => line.x));
  const text = lines
    .map((line) => ' '.repeat(Math.max(0, Math.round((line.x - left) / (line.size * 0.6)))) + runsText(line.runs))
    .join('\n');
  return { type: 'code', text };
}
