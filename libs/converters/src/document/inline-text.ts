import type { Block, Inline } from './intermediate-document';

/** The visible text of inline content, markup dropped (line breaks become "\n"). */
export function inlineText(content: readonly Inline[]): string {
  let out = '';
  for (const node of content) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        out += node.text;
        break;
      case 'break':
        out += '\n';
        break;
      default:
        out += inlineText(node.content);
    }
  }
  return out;
}

/** True when inline content shows nothing but whitespace. */
export function isBlankInline(content: readonly Inline[]): boolean {
  return inlineText(content).trim() === '';
}

/** The first level-1 heading, used to decide whether a title must be added. */
export function hasTopHeading(blocks: readonly Block[]): boolean {
  return blocks.some((block) => block.type === 'heading' && block.level === 1);
}
