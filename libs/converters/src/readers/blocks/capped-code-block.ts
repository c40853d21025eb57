import type { Block } from '../../document';

/**
 * Source shown as a fenced block (JSON, XML, notebook outputs) is capped: the reader of
 * a converted document wants its shape, and a 50 MB data dump would make every output
 * format 50 MB. The cut is at a line end and says how much was left out of
 * `totalLength`, when the text given is already a prefix of something longer.
 */
export function cappedCodeBlock(text: string, language: string | undefined, maxChars: number, totalLength = text.length): Block[] {
  if (totalLength <= maxChars) return [{ type: 'code', language, text }];
  const lineEnd = text.lastIndexOf('\n', maxChars);
  const cut = lineEnd > maxChars / 2 ? lineEnd : maxChars;
  const omitted = totalLength - cut;
  return [
    { type: 'code', language, text: text.slice(0, cut) },
    { type: 'paragraph', content: [{ type: 'text', text: `[… ${omitted.toLocaleString('en-US')} more characters not shown]` }] },
  ];
}
