import { type Block, type HeadingLevel, type Inline, type List, type TableRow, isBlankInline, normalizeInline } from '../../document';
import { INLINE_MARKER, ORDERED_MARKER, markerValue } from './rtf-list-markers';
import type { RtfContent, RtfParagraph, RtfRun, RtfStyle } from './rtf-model';

/** A list item carries the number its marker shows (ordered items only). */
type Entry = { kind: 'block'; block: Block } | { kind: 'item'; level: number; ordered: boolean; value?: number; content: Inline[] };
/** pandoc and Word indent list levels by 360 twips (a quarter inch). */
const TWIPS_PER_LEVEL = 360;

/**
 * Paragraphs and table marks → blocks: headings from the stylesheet ("heading N",
 * "Title") or `\outlinelevel`, list items from their written-out markers, tables from
 * `\cell`/`\row`. Footnotes follow the text after a rule, as in the other readers.
 */
export function rtfBlocks(content: RtfContent): Block[] {
  const entries: Entry[] = [];
  let rows: { header: boolean; cells: TableRow }[] = [];
  let cells: TableRow = [];
  let cellParts: Inline[] = [];
  const flushTable = () => {
    if (cellParts.length > 0) entries.push(...rowsOfLoose(cellParts));
    if (rows.length > 0) entries.push({ kind: 'block', block: tableBlock(rows) });
    rows = [];
    cells = [];
    cellParts = [];
  };
  for (const item of content.items) {
    if (item.kind === 'cell') {
      cells.push(cellContent(cellParts));
      cellParts = [];
    } else if (item.kind === 'row') {
      if (cellParts.length > 0) cells.push(cellContent(cellParts));
      if (cells.length > 0) rows.push({ header: item.header, cells });
      cells = [];
      cellParts = [];
    } else if (item.inTable) {
      cellParts.push({ type: 'text', text: ' ' }, ...runsToInline(item.runs));
    } else {
      flushTable();
      const entry = paragraphEntry(item, content.styles);
      if (entry) entries.push(entry);
    }
  }
  flushTable();
  const blocks = groupLists(entries);
  if (content.notes.length === 0) return blocks;
  const items = content.notes.map((note) => ({
    blocks: note
      .map((p): Block => ({ type: 'paragraph', content: runsToInline(p.runs) }))
      .filter((b) => b.type !== 'paragraph' || !isBlankInline(b.content)),
  }));
  return [...blocks, { type: 'rule' }, { type: 'list', ordered: true, items }];
}

function rowsOfLoose(content: Inline[]): Entry[] {
  const normalized = normalizeInline(content);
  return isBlankInline(normalized) ? [] : [{ kind: 'block', block: { type: 'paragraph', content: normalized } }];
}

function paragraphEntry(paragraph: RtfParagraph, styles: ReadonlyMap<number, RtfStyle>): Entry | undefined {
  const level = headingLevel(paragraph, styles.get(paragraph.style));
  if (level !== undefined) {
    const content = normalizeInline(plain(runsToInline(paragraph.runs)));
    return isBlankInline(content) ? undefined : { kind: 'block', block: { type: 'heading', level, content } };
  }
  const marker = paragraph.marker?.replace(/\s+/g, '') ?? '';
  const leading = paragraph.runs
    .slice(0, 4)
    .map((run) => run.text)
    .join('');
  const inline = marker === '' ? INLINE_MARKER.exec(leading) : null;
  const runs = inline ? withoutPrefix(paragraph.runs, inline[0].length) : paragraph.runs;
  const content = runsToInline(runs);
  if (isBlankInline(content)) return undefined;
  if (marker === '' && !inline) return { kind: 'block', block: { type: 'paragraph', content } };
  const listLevel = paragraph.listLevel ?? Math.max(0, Math.round(paragraph.indent / TWIPS_PER_LEVEL) - 1);
  const label = marker || inline?.[1] || '';
  const ordered = ORDERED_MARKER.test(label);
  return { kind: 'item', level: Math.min(listLevel, 8), ordered, ...(ordered ? { value: markerValue(label) } : {}), content };
}

/** The runs minus their first `length` characters (a marker spread over several runs). */
function withoutPrefix(runs: readonly RtfRun[], length: number): RtfRun[] {
  let left = length;
  const out: RtfRun[] = [];
  for (const run of runs) {
    const cut = Math.min(left, run.text.length);
    left -= cut;
    if (cut < run.text.length || run.lineBreak) out.push({ ...run, text: run.text.slice(cut) });
  }
  return out;
}

function headingLevel(paragraph: RtfParagraph, style: RtfStyle | undefined): HeadingLevel | undefined {
  const named = /^heading\s*([1-9])$/i.exec(style?.name ?? '');
  if (named) return Math.min(Number(named[1]), 6) as HeadingLevel;
  if (/^title$/i.test(style?.name ?? '')) return 1;
  const outline = paragraph.outline ?? style?.outline;
  // Level 9 is "body text"; 0-5 are headings 1-6.
  return outline !== undefined && outline >= 0 && outline <= 5 ? ((outline + 1) as HeadingLevel) : undefined;
}

/**
 * Consecutive list items become one list, nested by level; a change of kind starts a
 * new list, and so does a number that does not follow on. An ordered list starts at
 * its first item's number, so steps resumed after a code block stay "3. 4. 5.".
 */
function groupLists(entries: Entry[]): Block[] {
  const blocks: Block[] = [];
  let stack: { list: List; level: number }[] = [];
  for (const entry of entries) {
    if (entry.kind === 'block') {
      stack = [];
      blocks.push(entry.block);
      continue;
    }
    while (stack.length > 0 && stack[stack.length - 1].level > entry.level) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.level === entry.level && (top.list.ordered !== entry.ordered || !followsOn(top.list, entry.value))) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.level < entry.level) {
      const list: List = {
        type: 'list',
        ordered: entry.ordered,
        ...(entry.value !== undefined && entry.value !== 1 ? { start: entry.value } : {}),
        items: [],
      };
      const parentItem = top?.list.items[top.list.items.length - 1];
      if (parentItem) parentItem.blocks.push(list);
      else blocks.push(list);
      top = { list, level: entry.level };
      stack.push(top);
    }
    top.list.items.push({ blocks: [{ type: 'paragraph', content: entry.content }] });
  }
  return blocks;
}

/** Whether an item numbered `value` is the next item of the ordered `list` (an unknown number always is). */
function followsOn(list: List, value: number | undefined): boolean {
  return !list.ordered || value === undefined || value === (list.start ?? 1) + list.items.length;
}

/**
 * Rows padded to one width. The first row is the header when marked `\trhdr`, or when
 * every cell in it is bold, which is how most writers (LibreOffice among them) show one;
 * the bold is dropped then, being the header's look rather than its content.
 */
function tableBlock(rows: { header: boolean; cells: TableRow }[]): Block {
  const width = Math.max(...rows.map((row) => row.cells.length));
  const padded = rows.map((row) => [...row.cells, ...Array.from({ length: width - row.cells.length }, (): Inline[] => [])]);
  const first = padded[0].filter((cell) => !isBlankInline(cell));
  const allBold = first.length > 0 && first.every((cell) => cell.every((node) => node.type === 'strong'));
  if (rows[0].header || allBold) return { type: 'table', header: padded[0].map(plain), rows: padded.slice(1) };
  return { type: 'table', rows: padded };
}

function cellContent(parts: Inline[]): Inline[] {
  return normalizeInline(parts.map((node): Inline => (node.type === 'break' ? { type: 'text', text: ' ' } : node)));
}

/** Runs → inline nodes: same-format neighbours merge, links wrap their runs. */
export function runsToInline(runs: readonly RtfRun[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < runs.length;) {
    let j = i + 1;
    while (j < runs.length && runs[j].link === runs[i].link) j++;
    const content = formatted(runs.slice(i, j));
    const href = runs[i].link;
    out.push(...(href ? [{ type: 'link' as const, href, content }] : content));
    i = j;
  }
  return normalizeInline(out);
}

function formatted(runs: readonly RtfRun[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < runs.length;) {
    if (runs[i].lineBreak) {
      out.push({ type: 'break' });
      i++;
      continue;
    }
    let j = i;
    let text = '';
    while (j < runs.length && !runs[j].lineBreak && runs[j].bold === runs[i].bold && runs[j].italic === runs[i].italic)
      text += runs[j++].text;
    text = text.replace(/[\s\u00a0]+/g, ' ');
    let node: Inline = { type: 'text', text };
    // Formatting on white space alone shows nothing and would leave stray "** **".
    if (text.trim() !== '') {
      if (runs[i].italic) node = { type: 'emphasis', content: [node] };
      if (runs[i].bold) node = { type: 'strong', content: [node] };
    }
    out.push(node);
    i = j;
  }
  return out;
}

function plain(content: Inline[]): Inline[] {
  return content.flatMap((node) => (node.type === 'strong' || node.type === 'emphasis' ? plain(node.content) : [node]));
}
