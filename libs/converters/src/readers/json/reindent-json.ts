/**
 * Pretty-prints JSON text that is already known to be valid by re-indenting its
 * tokens, not by JSON.stringify(JSON.parse(…)): the parse-and-print round trip rounds
 * big integers (ids, timestamps in ns) and rewrites escapes, and a converted document
 * must show the data as it was.
 */
export function reindentJson(source: string, indent = '  '): string {
  let out = '';
  let depth = 0;
  const newline = () => '\n' + indent.repeat(depth);
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '"') {
      const end = stringEnd(source, i);
      out += source.slice(i, end);
      i = end - 1;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const next = nextToken(source, i + 1);
      if (source[next] === close) {
        // Empty containers stay on one line: `{}`, `[]`.
        out += char + close;
        i = next;
      } else {
        depth++;
        out += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out += newline() + char;
    } else if (char === ',') {
      out += ',' + newline();
    } else if (char === ':') {
      out += ': ';
    } else if (!/\s/.test(char)) {
      out += char;
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
