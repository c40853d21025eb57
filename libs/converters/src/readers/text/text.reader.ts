import type { Block, Inline, IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import type { ReaderInput } from '../reader';

/**
 * Plain text: blank lines separate paragraphs; single newlines are kept as line
 * breaks because plain text often carries meaning in its line structure (addresses,
 * verse, logs) that reflowing would destroy.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  return { pages: 1, metadata: {}, blocks: textToBlocks(inputText(input)) };
}

export function textToBlocks(text: string): Block[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim() !== ''),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => ({ type: 'paragraph', content: withBreaks(lines) }));
}

function withBreaks(lines: string[]): Inline[] {
  return lines.flatMap((line, index): Inline[] =>
    index === 0 ? [{ type: 'text', text: line }] : [{ type: 'break' }, { type: 'text', text: line }],
  );
}
