/**
 * Cell and heading text as TEDS and MHS compare it: NFKC (so PDF ligatures and
 * full-width forms agree with their plain spelling), soft hyphens dropped, every run of
 * whitespace one space, trimmed. Case and punctuation are kept: both metrics grade text
 * by character edit distance, as their references do, and a wrong case is a wrong character.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\u00ad/g, '')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim();
}
