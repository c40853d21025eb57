import type { Block } from '../document';
import { walkRecords } from '../document/walk-records';
import { BROKEN_WORD } from './characters';

/*
 * A hyphen at a line's end is either hyphenation (TeX's "conver-" + "sion") or a
 * compound's own ("public-" + "domain", which a browser or a word processor breaks
 * after its hyphen). One line cannot tell them apart; the rest of the document can.
 * appendLine drops such a hyphen and leaves BROKEN_WORD where it was, and once the
 * whole document is laid out (its pages may be read in parts, on other threads) this
 * pass puts the hyphen back where the document writes the word with a hyphen elsewhere
 * and never without one. Otherwise the word stays joined, as before.
 */

const MARKED = new RegExp(`([\\p{L}\\p{N}'’-]*)${BROKEN_WORD}([\\p{L}\\p{N}'’-]*)`, 'gu');
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Rewrites, in place, every marked word of the blocks' text; returns the blocks. */
export function resolveLineEndHyphens(blocks: Block[]): Block[] {
  const marked: Array<Record<string, string>> = [];
  walkRecords(blocks, (node) => {
    if (typeof node['text'] === 'string' && node['text'].includes(BROKEN_WORD)) marked.push(node as Record<string, string>);
  });
  // Most documents break no word at a hyphen: their words are never counted.
  if (marked.length === 0) return blocks;
  const words = new Set<string>();
  walkRecords(blocks, (node) => {
    if (typeof node['text'] !== 'string') return;
    for (const word of node['text'].split(/\s+/)) {
      if (word.includes(BROKEN_WORD)) continue;
      const bare = word.replace(EDGE_PUNCTUATION, '').toLowerCase();
      if (bare !== '') words.add(bare);
    }
  });
  for (const node of marked) {
    node['text'] = node['text'].replace(MARKED, (_, before: string, after: string) => {
      const hyphenated = `${before}-${after}`.toLowerCase();
      const joined = `${before}${after}`.toLowerCase();
      return before !== '' && after !== '' && words.has(hyphenated) && !words.has(joined) ? `${before}-${after}` : `${before}${after}`;
    });
  }
  return blocks;
}
