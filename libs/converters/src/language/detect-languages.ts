import type { DetectedLanguage } from '@docformat/contracts';
import type { IntermediateDocument } from '../document';
import { languageDetector } from './language-detector';
import { textSegments } from './text-sample';

/** A language with less of the text than this is left out: a quotation, a name, a stray English heading. */
export const MIN_SHARE = 0.1;
export const MAX_LANGUAGES = 3;
/** Fewer letters than this in all the text tell no language. */
const MIN_LETTERS = 40;
/** A segment with fewer letters (the end of a short document) is not detected, only counted. */
const MIN_SEGMENT_LETTERS = 20;

/** One detected segment: its language (null: none told) and how much text it holds. */
export interface SegmentLanguage {
  code: string | null;
  letters: number;
}

/**
 * The document's main languages (result.detectedLanguages): each sampled segment's
 * language (text-sample.ts), weighed by its letters. Runs in the conversion thread,
 * where the detector loads on first use.
 */
export async function detectLanguages(document: IntermediateDocument): Promise<DetectedLanguage[]> {
  const segments = textSegments(document);
  if (segments.length === 0) return [];
  const detect = await languageDetector();
  return languageShares(
    segments.map((text) => {
      const letters = countLetters(text);
      return { code: letters >= MIN_SEGMENT_LETTERS ? detect(text) : null, letters };
    }),
  );
}

/** Shares of the letters per language; undetected segments count in the whole, so shares add up to 1 at most. */
export function languageShares(segments: readonly SegmentLanguage[]): DetectedLanguage[] {
  const total = segments.reduce((sum, segment) => sum + segment.letters, 0);
  if (total < MIN_LETTERS) return [];
  const byCode = new Map<string, number>();
  for (const { code, letters } of segments) if (code) byCode.set(code, (byCode.get(code) ?? 0) + letters);
  return [...byCode]
    .map(([code, letters]) => ({ code, share: Math.floor((letters / total) * 100) / 100 }))
    .filter((language) => language.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share || a.code.localeCompare(b.code))
    .slice(0, MAX_LANGUAGES);
}

export function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
