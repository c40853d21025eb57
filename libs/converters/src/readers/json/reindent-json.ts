import { BoundedText } from '../blocks/bounded-text';

/**
 * Indentation stops growing at this depth: data nested deeper (broken generators
 * emit 100,000 levels) would otherwise print quadratically many spaces, and no
 * reader follows indentation that deep anyway.
 */
export const MAX_INDENT_DEPTH = 64;

/**
 * Pretty-prints JSON text that is already known to be valid by re-indenting its
 * tokens, not by JSON.stringify(JSON.parse(…)): the parse-and-print round trip rounds
 * big integers (ids, timestamps in ns) and rewrites escapes, and a converted document
 * must show the data as it was. One pass, no recursion, so any depth is safe; output
 * beyond `maxChars` is counted, not built (see BoundedText).
 */
export function reindentJson(source: string, maxChars = Number.POSITIVE_INFINITY, indent = '  '): BoundedText {
  const out = new BoundedText(maxChars);
  const newlines = Array.from({ length: MAX_INDENT_DEPTH + 1 }, (_, depth) => '\n' + indent.repeat(depth));
  let depth = 0;
  const newline = () => newlines[Math.min(Math.max(depth, 0), MAX_INDENT_DEPTH)];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '"') {
      const end = stringEnd(source, i);
      out.append(source.slice(i, end));
      i = end - 1;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const next = nextToken(source, i + 1);
      if (source[next] === close) {
        // Empty containers stay on one line: `{}`, `[]`.
        out.append(char + close);
        i = next;
      } else {
        depth++;
        out.append(char + newline());
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out.append(newline() + char);
    } else if (char === ',') {
      out.append(',' + newline());
    } else if (char === ':') {
      out.append(': ');
    } else if (!/\s/.test(char)) {
      // A number or literal: copy the whole token at once.
      let end = i + 1;
      while (end < source.length && !/[\s,:{}[\]"]/.test(source[end])) end++;
      out.append(source.slice(i, end));
      i = end - 1;
    }
  }
  return out;
}

/** Index just past the closing quote of the string starting at `start`. */
function stringEnd(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

function nextToken(source: string, from: number): number {
  let i = from;
  while (i < source.length && /\s/.test(source[i])) i++;
  return i;
}
