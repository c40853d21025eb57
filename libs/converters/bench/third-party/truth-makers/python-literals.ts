/**
 * Reads camelot's `tests/data.py` (copied as `expected-data.py`): a Python module of
 * table expectations. Only the Python it uses is understood, so anything else is an
 * error rather than a silently wrong table:
 *
 *   name = [["cell", "cell" "continued"], ...]   list of rows of string literals
 *   name = other[1:] / other[3:-1] / other[:-3]  a slice of an earlier table
 *   name = list(other)                           a copy
 *   name.extend(other)                           rows appended
 *
 * A name bound twice keeps its last value, as Python does.
 */

export type Rows = string[][];

type Token =
  | { kind: 'name'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'punct'; value: string }
  | { kind: 'newline' };

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // Inside brackets a line break is not the end of a statement (Python's implicit line joining).
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '#') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '\n') {
      if (depth === 0 && tokens.length > 0 && tokens[tokens.length - 1].kind !== 'newline') tokens.push({ kind: 'newline' });
      i++;
    } else if (/\s/.test(char)) {
      i++;
    } else if (char === '"' || char === "'") {
      const [value, end] = readString(source, i);
      tokens.push({ kind: 'string', value });
      i = end;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))![0];
      tokens.push({ kind: 'name', value: match });
      i += match.length;
    } else if (/[0-9]/.test(char)) {
      const match = /^[0-9]+/.exec(source.slice(i))![0];
      tokens.push({ kind: 'number', value: Number(match) });
      i += match.length;
    } else if ('[](),:=.-'.includes(char)) {
      if (char === '[' || char === '(') depth++;
      if (char === ']' || char === ')') depth--;
      tokens.push({ kind: 'punct', value: char });
      i++;
    } else {
      throw new Error(`unexpected character ${JSON.stringify(char)} at offset ${i}`);
    }
  }
  tokens.push({ kind: 'newline' });
  return tokens;
}

/** One single-line string literal starting at `start` (its quote); returns its value and the offset after it. */
function readString(source: string, start: number): [string, number] {
  const quote = source[start];
  if (source.startsWith(quote.repeat(3), start)) throw new Error(`triple-quoted string at offset ${start} is not supported`);
  let value = '';
  let i = start + 1;
  while (source[i] !== quote) {
    if (i >= source.length || source[i] === '\n') throw new Error(`unterminated string at offset ${start}`);
    if (source[i] !== '\\') {
      value += source[i++];
      continue;
    }
    const escape = source[i + 1];
    const hexLength = escape === 'x' ? 2 : escape === 'u' ? 4 : escape === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const hex = source.slice(i + 2, i + 2 + hexLength);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLength) throw new Error(`bad \\${escape} escape at offset ${i}`);
      value += String.fromCodePoint(parseInt(hex, 16));
      i += 2 + hexLength;
    } else if (escape in ESCAPES) {
      value += ESCAPES[escape];
      i += 2;
    } else {
      throw new Error(`unsupported escape \\${escape} at offset ${i}`);
    }
  }
  return [value, i + 1];
}

class Parser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly tables: Map<string, Rows>,
  ) {}

  module(): void {
    while (this.position < this.tokens.length) {
      if (this.peek().kind === 'newline') {
        this.position++;
        continue;
      }
      this.statement();
    }
  }

  private statement(): void {
    const name = this.name();
    if (this.accept('=')) {
      this.tables.set(name, this.expression());
    } else {
      // name.extend(other)
      this.expect('.');
      const method = this.name();
      if (method !== 'extend') throw new Error(`unsupported method ${name}.${method}`);
      this.expect('(');
      const added = this.expression();
      this.expect(')');
      this.table(name).push(...added.map((row) => [...row]));
    }
    if (this.next().kind !== 'newline') throw new Error(`expected the end of the statement binding ${name}`);
  }

  private expression(): Rows {
    if (this.accept('[')) return this.listOfRows();
    const name = this.name();
    if (name === 'list' && this.accept('(')) {
      const copy = this.table(this.name()).map((row) => [...row]);
      this.expect(')');
      return copy;
    }
    const rows = this.table(name);
    if (!this.accept('[')) return rows.map((row) => [...row]);
    const from = this.peekPunct(':') ? undefined : this.integer();
    this.expect(':');
    const to = this.peekPunct(']') ? undefined : this.integer();
    this.expect(']');
    return pySlice(rows, from, to).map((row) => [...row]);
  }

  /** After the opening bracket: `[` row `,` ... `]`, a trailing comma allowed. */
  private listOfRows(): Rows {
    const rows: Rows = [];
    while (!this.accept(']')) {
      this.expect('[');
      const row: string[] = [];
      while (!this.accept(']')) {
        row.push(this.stringLiteral());
        if (!this.accept(',')) {
          this.expect(']');
          break;
        }
      }
      rows.push(row);
      if (!this.accept(',')) {
        this.expect(']');
        break;
      }
    }
    return rows;
  }

  /** Adjacent string literals are one string, as in Python. */
  private stringLiteral(): string {
    let value = '';
    let parts = 0;
    while (this.peek().kind === 'string') {
      value += (this.next() as { value: string }).value;
      parts++;
    }
    if (parts === 0) throw new Error(`expected a string literal, got ${JSON.stringify(this.peek())}`);
    return value;
  }

  private integer(): number {
    const negative = this.accept('-');
    const token = this.next();
    if (token.kind !== 'number') throw new Error('expected an integer in a slice');
    return negative ? -token.value : token.value;
  }

  private table(name: string): Rows {
    const rows = this.tables.get(name);
    if (!rows) throw new Error(`${name} is used before it is bound`);
    return rows;
  }

  private name(): string {
    const token = this.next();
    if (token.kind !== 'name') throw new Error(`expected a name, got ${JSON.stringify(token)}`);
    return token.value;
  }

  private peek(): Token {
    return this.tokens[this.position];
  }

  private next(): Token {
    const token = this.tokens[this.position++];
    if (!token) throw new Error('unexpected end of input');
    return token;
  }

  private peekPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.value === value;
  }

  private accept(value: string): boolean {
    if (!this.peekPunct(value)) return false;
    this.position++;
    return true;
  }

  private expect(value: string): void {
    if (!this.accept(value)) throw new Error(`expected ${JSON.stringify(value)}, got ${JSON.stringify(this.peek())}`);
  }
}

/** Python's `rows[from:to]`: negative bounds count from the end. */
function pySlice<T>(items: T[], from: number | undefined, to: number | undefined): T[] {
  const bound = (value: number | undefined, fallback: number) =>
    value === undefined ? fallback : value < 0 ? Math.max(0, items.length + value) : Math.min(value, items.length);
  return items.slice(bound(from, 0), bound(to, items.length));
}

/** Every table the module binds, by name. */
export function readPythonTables(source: string): Map<string, Rows> {
  const tables = new Map<string, Rows>();
  new Parser(tokenize(source), tables).module();
  return tables;
}
