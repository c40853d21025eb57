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
 * so case, punctuation and "**bold**" markers do not decide a match. A heading whose
 * text has no token is left out on both sides: it cannot be told from another.
 */
export function headingCounts(truth: readonly MetricHeading[], predicted: readonly MetricHeading[]): HeadingCounts {
  const texts = (headings: readonly MetricHeading[]) =>
    headings.map((heading) => ({ level: heading.level, text: normalizeItem(heading.text) })).filter((heading) => heading.text !== '');
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
