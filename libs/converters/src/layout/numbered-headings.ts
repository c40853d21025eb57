import type { HeadingLevel } from '../document';
import type { TextLine } from './text-lines';

/**
 * A section number at the start of a heading: `1 Introduction`, `2.3 Results`,
 * `A.1 Proofs`, `4.2.1. Setup`. The title after it starts with a capital (or a digit;
 * under a number of two parts or more closed by a dot, with anything: `8.9.1. inet`),
 * and the line does not end like a sentence or a table-of-contents entry (a page number
 * after dot leaders), so "3 apples were left." is not a heading.
 */
const NUMBERED = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,4})(\.?)\s+(\S.*)$/u;
/** Longer than this, a numbered line is a numbered paragraph. */
const MAX_NUMBERED_LENGTH = 90;

/** How deep the line's section number is (1 for `2`, 2 for `2.3`), or undefined. */
export function sectionDepth(text: string): number | undefined {
  const match = NUMBERED.exec(text.trim());
  if (!match || text.length > MAX_NUMBERED_LENGTH) return undefined;
  const depth = match[1].split('.').length;
  // A title may start in lower case (a type named in code, `8.9.1. inet`) only under a
  // number of two parts or more closed by a dot: "3 apples were left." and "2.5 million
  // people" are sentences.
  if (!/^[\p{Lu}\d]/u.test(match[3]) && (depth < 2 || match[2] !== '.')) return undefined;
  if (/[.,;:]$/.test(text.trim()) || /(?:\.\s*){3,}\d+$|\s\d+$/.test(text.trim())) return undefined;
  // A bare letter ("A Proofs") is also how sentences start ("A raw count …"): only a
  // letter followed by a dot-number, or standing before a short title, counts.
  if (/^[A-Z]$/.test(match[1]) && match[3].split(/\s+/).length > 6) return undefined;
  return depth;
}

/**
 * Heading levels from section numbering, for a document that numbers its sections:
 * level = numbering depth (`2.3` is level 2), whatever level the type size gives.
 * `styledLevel` is the level the type size and weight alone give
 * (undefined for body text). A numbered line that is not styled as a heading counts
 * only at depth ≥ 2 and when it stands alone (an `2.1.1 Estimated Sites` set in bold
 * body type whose weight the font name does not reveal); a bare `3 Results` in body
 * type could be a numbered list item.
 */
export function numberedLevels(
  lines: readonly TextLine[],
  styledLevel: (line: TextLine) => HeadingLevel | undefined,
  standsAlone: (index: number) => boolean,
): Map<TextLine, HeadingLevel> {
  const numbered = new Map<TextLine, number>();
  lines.forEach((line, index) => {
    const depth = sectionDepth(line.text);
    // A line mostly in code is a heading still when its number is set in the text's font
    // ("8.9.4. macaddr": a type named in code); a code block's lines are code throughout.
    if (depth === undefined || (line.mono && line.runs.find((run) => run.text.trim() !== '')?.mono !== false)) return;
    const styled = styledLevel(line) !== undefined;
    if (styled || (depth >= 2 && standsAlone(index) && !/^\d+\.\s/.test(line.text))) numbered.set(line, depth);
  });
  // Numbering must be a pattern, not one stray line: two numbered headings, one of them depth 1 or deeper than 1.
  if (numbered.size < 2) return new Map();
  return new Map([...numbered].map(([line, depth]) => [line, Math.min(depth, 6) as HeadingLevel]));
}
