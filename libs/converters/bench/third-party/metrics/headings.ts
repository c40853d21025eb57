import { type BagCounts, bagCounts } from '../../metrics/bag-f1';
import { normalizeItem } from '../../metrics/tokens';

/** A heading as the metrics take it; `TruthHeading` from ../truth.ts fits. */
export interface MetricHeading {
  /** 1–6. */
  level: number;
  text: string;
}

export interface HeadingCounts {
  /** Same normalised text at the same level. */
  sameLevel: BagCounts;
  /** Same normalised text, any level. */
  anyLevel: BagCounts;
}

/**
 * Truth headings found among the predicted ones, as multisets (a heading the truth has
 * twice must be found twice): heading recall is recall(sameLevel) (counts.ts), its
 * level-blind variant recall(anyLevel); precision and F1 come from the same counts.
 *
 * Texts are compared as the quality benchmark compares headings (normalizeItem in
 * ../../metrics/tokens.ts: inline markdown stripped, tokens joined by single spaces),
 * so case, punctuation and "**bold**" markers do not decide a match. A leading section
 * label ("1", "2.3", "A.1", "IV", "Chapter 3") is not part of the title either
 * (headingTitle): outlines and heading styles often leave out the number the page sets
 * before the title, and the title is what a heading is found by. A heading whose text
 * has no token is left out on both sides: it cannot be told from another.
 */
export function headingCounts(truth: readonly MetricHeading[], predicted: readonly MetricHeading[]): HeadingCounts {
  const texts = (headings: readonly MetricHeading[]) =>
    headings.map((heading) => ({ level: heading.level, text: headingTitle(heading.text) })).filter((heading) => heading.text !== '');
  const truthTexts = texts(truth);
  const predictedTexts = texts(predicted);
  // U+0001 cannot occur in a normalised text (tokens are letters, digits and marks).
  const withLevel = (headings: typeof truthTexts) => headings.map((heading) => `${heading.level}\u0001${heading.text}`);
  const withoutLevel = (headings: typeof truthTexts) => headings.map((heading) => heading.text);
  return {
    sameLevel: bagCounts(withLevel(truthTexts), withLevel(predictedTexts)),
    anyLevel: bagCounts(withoutLevel(truthTexts), withoutLevel(predictedTexts)),
  };
}

/** Words that may stand before a section number and belong to the label. */
const LABEL_WORDS = new Set(['chapter', 'section', 'part', 'appendix']);
const LABEL_TOKEN = /^(?:\d{1,3}|[a-z]|[ivxlc]{1,6})$/;

/**
 * A heading's title as compared: normalizeItem's tokens without a leading section
 * label, the tokens a number like "2.3" or "A.1" splits into, with "Chapter" or the
 * like before it. A heading that is nothing but a label keeps it.
 */
export function headingTitle(text: string): string {
  const tokens = normalizeItem(text).split(' ');
  let start = 0;
  if (LABEL_WORDS.has(tokens[0] ?? '') && LABEL_TOKEN.test(tokens[1] ?? '')) start = 1;
  let end = start;
  // The label: one token of any kind, then digits only ("a 1", "2 3 1", "iv").
  if (LABEL_TOKEN.test(tokens[end] ?? '')) {
    end++;
    while (/^\d{1,3}$/.test(tokens[end] ?? '')) end++;
  }
  return end > start && end < tokens.length ? tokens.slice(end).join(' ') : tokens.join(' ');
}
