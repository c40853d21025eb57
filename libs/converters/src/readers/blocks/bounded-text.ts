import type { Block } from '../../document';
import { cappedCodeBlock } from './capped-code-block';

/**
 * Pretty-printed output that stops growing past a limit but keeps counting. Data
 * shown as a code block is capped anyway (cappedCodeBlock); building all of it first
 * would let a small hostile input (a 50 MB run of `[`, each becoming an indented
 * line) grow past the largest string V8 can hold before the cap is applied.
 */
export class BoundedText {
  private readonly parts: string[] = [];
  private kept = 0;
  /** Length of the whole output, kept or not. */
  length = 0;

  constructor(private readonly limit: number) {}

  append(text: string): void {
    this.length += text.length;
    if (this.kept > this.limit) return;
    this.parts.push(text);
    this.kept += text.length;
  }

  get complete(): boolean {
    return this.kept === this.length;
  }

  /** What was kept: all of it when `complete`, else at least `limit` + 1 characters. */
  toString(): string {
    return this.parts.join('');
  }
}

/** cappedCodeBlock for output that may have stopped growing; says how much was left out of the whole. */
export function boundedCodeBlock(output: BoundedText, language: string, maxChars: number): Block[] {
  return cappedCodeBlock(output.toString(), language, maxChars, output.length);
}
