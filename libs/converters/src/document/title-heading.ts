import type { Block } from './intermediate-document';
import { hasTopHeading } from './inline-text';

/** Puts the document title in front as a level-1 heading when the content has none. */
export function withTitleHeading(blocks: Block[], title: string | undefined): Block[] {
  if (!title || hasTopHeading(blocks)) return blocks;
  return [{ type: 'heading', level: 1, content: [{ type: 'text', text: title }] }, ...blocks];
}
