import { type BagCounts, bagCounts, f1 } from '../../metrics/bag-f1';
import { tokenize } from '../../metrics/tokens';

/** Word counts of the truth text and the predicted text, as bags of tokens: pool them over documents, then f1 (counts.ts). */
export function wordCounts(truthText: string, predictedText: string): BagCounts {
  return bagCounts(tokenize(truthText), tokenize(predictedText));
}

/** Word F1 of one document. */
export function wordF1(truthText: string, predictedText: string): number {
  return f1(wordCounts(truthText, predictedText));
}
