import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';

/**
 * Tokens in a text as OpenAI's cl100k_base encoding counts them (the encoding of the
 * text-embedding-3 and ada-002 embedding models and of GPT-4): chunks are sized for
 * embedding. gpt-tokenizer ships the encoding as JavaScript in its package (no
 * download, no install script); this module is loaded by the chunks format only, and
 * loading it costs about 100 ms and 50 MB (docs/conversions.md, "chunks").
 *
 * Special-token strings such as "<|endoftext|>" are counted as the text they are:
 * by default the tokenizer throws on them, and a document may well contain them.
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text === '' ? 0 : countCl100k(text, AS_TEXT);
}

/** The name clients see in docs/conversions.md and the chunk documentation. */
export const TOKENIZER = 'cl100k_base';
