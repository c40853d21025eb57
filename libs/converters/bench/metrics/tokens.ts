/**
 * Word tokens for the quality benchmark: NFKC-normalised (so PDF ligatures such as
 * "ﬁ" become "fi"), lowercased, split on anything that is not a letter, a digit or a
 * combining mark. Soft hyphens are removed first; punctuation, markdown syntax and
 * whitespace never form tokens, so "**Hours** logged:" and "hours logged" agree.
 */
export function tokenize(text: string): string[] {
  return text
    .replace(/\u00ad/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => token !== '');
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The visible text of one line of inline markdown: images dropped, links and
 * autolinks reduced to their text, inline HTML tags dropped, a few entities decoded.
 * Emphasis, code spans and backslash escapes need no handling: tokenize() ignores
 * punctuation.
 */
export function stripInlineMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name]);
}

/** A heading, list item or cell as a comparable key: its tokens joined by one space. */
export function normalizeItem(markdown: string): string {
  return tokenize(stripInlineMarkdown(markdown)).join(' ');
}
