import type { Block, Inline, IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';

/**
 * Plain text: blank lines separate paragraphs; single newlines are kept as line
 * breaks because plain text often carries meaning in its line structure (addresses,
 * verse, logs) that reflowing would destroy.
 */
export const textReader: DocumentReader = {
  name: 'text',
  accepts: { mimeTypes: ['text/plain'], extensions: ['txt', 'text', 'log'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    return { pages: 1, metadata: {}, blocks: textToBlocks(inputText(input)) };
  },
};

export function textToBlocks(text: string): Block[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines) => ({ type: 'paragraph', content: withBreaks(lines) }));
}

function withBreaks(lines: string[]): Inline[] {
  return lines.flatMap((line, index): Inline[] =>
    index === 0 ? [{ type: 'text', text: line }] : [{ type: 'break' }, { type: 'text', text: line }],
  );
}
