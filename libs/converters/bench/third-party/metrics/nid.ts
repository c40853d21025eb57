import { tokenize } from '../../metrics/tokens';
import { lcsLength } from './lcs';

/**
 * Reading order as NID, normalised indel distance similarity, as opendataloader-bench
 * scores it (`evaluator_reading_order.py`: rapidfuzz `fuzz.ratio`, i.e. the indel
 * similarity): NID = 1 − indel(a, b) / (|a| + |b|), where the indel distance, the
 * fewest insertions and deletions turning a into b, is |a| + |b| − 2·LCS(a, b). Its
 * NID-S variant takes the texts with tables removed; the caller removes them, this
 * takes two texts.
 *
 * Unlike the reference, on word tokens (tokens.ts) rather than characters: a
 * 300-page document is ~100,000 words but ~600,000 characters, and the LCS costs grow
 * with the product of the lengths for dissimilar texts (lcs.ts). Tokens also make
 * markdown syntax and spacing irrelevant, which the reference handles by stripping
 * emphasis and collapsing whitespace.
 *
 * No token in the truth: no score (null), as the reference gives none for an empty
 * truth; a truth with tokens against an empty prediction scores 0.
 */
export function nid(truthText: string, predictedText: string): number | null {
  const truth = tokenize(truthText);
  if (truth.length === 0) return null;
  const predicted = tokenize(predictedText);
  return (2 * lcsLength(truth, predicted)) / (truth.length + predicted.length);
}
