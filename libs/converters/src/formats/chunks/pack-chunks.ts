import { type ChunkingSettings, ChunkingStrategy } from '@docformat/contracts';
import { ChunkDraft, countCached, estimateTokens, separator } from './chunk-draft';
import type { HeadingRef, Unit } from './chunk-units';
import { textTail } from './split-text';
import { countTokens } from './token-count';

/** A chunk: the overlap repeated from the chunk before, then its own units, and the text they make. */
export interface PackedChunk {
  overlap: Unit[];
  units: Unit[];
  text: string;
  /** Counted on `text`. */
  tokens: number;
}

/**
 * Below this share of maxTokens a section is small enough to share its chunk with the
 * next sibling section (strategy "heading"): a glossary of one-line sections should
 * not become a chunk per line, but sections of some size keep a chunk each.
 */
const SMALL_SECTION_SHARE = 0.25;

/**
 * Units → chunks of at most `maxTokens` tokens, counted on the chunk's final text;
 * only a chunk of one unit (a table row with its header, a code line) may exceed it.
 * - A block that fits in a chunk is never cut: when it does not fit in what is left,
 *   the chunk ends before it. A block longer than a chunk starts a chunk of its own
 *   and is cut between its units (rows, lines, sentences).
 * - "heading": every heading starts a chunk, except a heading that directly follows
 *   another one (no chunk is a lone heading), and except a small sibling section:
 *   after a chunk under a quarter of maxTokens, a section at the same level under the
 *   same parent joins it when all of the section's own text fits.
 * - "size": units are packed regardless of headings.
 * - Either way a chunk never ends with a heading: it moves on to what it heads.
 * - overlapTokens: a chunk that continues a section (does not start with a heading)
 *   begins with the end of the chunk before, whole blocks where they fit, else its
 *   last lines, sentences or words, and never a table or code.
 */
export function packChunks(units: readonly Unit[], settings: ChunkingSettings): PackedChunk[] {
  const { maxTokens, overlapTokens, strategy } = settings;
  const sectionTokens = sectionSizes(units);
  const chunks: PackedChunk[] = [];
  let i = 0;
  while (i < units.length) {
    const previous = chunks[chunks.length - 1];
    const continues = previous !== undefined && overlapTokens > 0 && units[i].heading === undefined;
    const draft = new ChunkDraft(continues ? overlapOf(previous, overlapTokens) : []);
    while (draft.overlap > 0 && draft.tokensWith(units[i]) > maxTokens) draft.shiftOverlap();
    draft.push(units[i++]);
    while (i < units.length && accepts(draft, units[i], i)) draft.push(units[i++]);
    // A chunk ends on content: headings at its end go with what they head.
    while (draft.last.heading !== undefined && draft.size - draft.overlap > 1 && draft.hasContent()) {
      draft.pop();
      i--;
    }
    // The estimate adds up the units' own counts; the chunk's text may count differently where two meet.
    let text = chunkText(draft.units);
    let tokens = countTokens(text);
    while (tokens > maxTokens && draft.size > 1) {
      if (draft.overlap > 0) draft.shiftOverlap();
      else if (draft.pop()) i--;
      text = chunkText(draft.units);
      tokens = countTokens(text);
    }
    chunks.push({ overlap: draft.units.slice(0, draft.overlap), units: draft.units.slice(draft.overlap), text, tokens });
  }
  return chunks;

  function accepts(draft: ChunkDraft, unit: Unit, index: number): boolean {
    const hasContent = draft.hasContent();
    if (unit.heading !== undefined && strategy === ChunkingStrategy.HEADING && hasContent) {
      return joinsSmallSibling(draft, unit, sectionTokens.get(index) ?? 0);
    }
    // A block longer than a chunk starts its own.
    if (unit.first && !unit.last && hasContent) return false;
    return draft.tokensWith(unit) <= maxTokens;
  }

  function joinsSmallSibling(draft: ChunkDraft, heading: Unit, ownTokens: number): boolean {
    const size = draft.tokens;
    return (
      size < maxTokens * SMALL_SECTION_SHARE &&
      isSibling(draft.last.path, heading.path) &&
      size + countCached('\n\n') + ownTokens <= maxTokens
    );
  }
}

/** The chunk's text: units joined, a fence or table header repeated where it starts or ends in mid-block. */
export function chunkText(units: readonly Unit[]): string {
  const first = units[0];
  const last = units[units.length - 1];
  let text = first.first ? '' : first.open;
  units.forEach((unit, i) => {
    if (i > 0) text += separator(units[i - 1], unit);
    text += unit.text;
  });
  if (!last.last) text += last.close;
  return text.trim();
}

/**
 * The heading path every content unit of the chunk shares (overlap included): a
 * chunk within one section names that section, one that spans sections names their
 * common parent. A chunk of headings only names the last one's path.
 */
export function chunkHeadings(units: readonly Unit[]): string[] {
  const content = units.filter((unit) => unit.heading === undefined);
  const paths = (content.length > 0 ? content : units.slice(-1)).map((unit) => unit.path);
  let shared = paths[0];
  for (const path of paths) {
    let n = 0;
    while (n < shared.length && n < path.length && sameHeading(shared[n], path[n])) n++;
    shared = shared.slice(0, n);
  }
  return shared.map((heading) => heading.text);
}

/** For each heading unit's index: the tokens of its section's own text, up to the next heading of any level. */
function sectionSizes(units: readonly Unit[]): Map<number, number> {
  const sizes = new Map<number, number>();
  let start = -1;
  const close = (end: number) => {
    if (start >= 0) sizes.set(start, estimateTokens(units.slice(start, end)));
  };
  units.forEach((unit, i) => {
    if (unit.heading === undefined) return;
    close(i);
    start = i;
  });
  close(units.length);
  return sizes;
}

function isSibling(path: readonly HeadingRef[], headingPath: readonly HeadingRef[]): boolean {
  if (path.length !== headingPath.length || path.length === 0) return false;
  const last = path.length - 1;
  return path[last].level === headingPath[last].level && path.slice(0, last).every((heading, n) => sameHeading(heading, headingPath[n]));
}

function sameHeading(a: HeadingRef, b: HeadingRef): boolean {
  return a.level === b.level && a.text === b.text;
}

/**
 * The end of the previous chunk to repeat, within `budget` tokens: its last units
 * while they fit whole, then the end of the next one back, cut at lines, sentences or
 * words. Stops at a heading (the overlap stays in the section), a table or code.
 */
function overlapOf(previous: PackedChunk, budget: number): Unit[] {
  const source = [...previous.overlap, ...previous.units];
  const taken: Unit[] = [];
  for (let i = source.length - 1; i >= 0; i--) {
    const unit = source[i];
    if (unit.kind !== 'text') break;
    if (estimateTokens([unit, ...taken]) <= budget) {
      taken.unshift(unit);
      continue;
    }
    const room = budget - (taken.length > 0 ? estimateTokens(taken) + countCached('\n\n') : 0);
    const tail = room > 0 ? textTail(unit.text, room) : '';
    // A piece of its block, not the block's start: it joins what follows in that block as the block's own units do.
    if (tail !== '') taken.unshift({ ...unit, text: tail, tokens: countTokens(tail), first: false });
    break;
  }
  return taken;
}
