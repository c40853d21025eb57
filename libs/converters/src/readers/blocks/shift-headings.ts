import type { Block, HeadingLevel } from '../../document';

/**
 * Moves every heading of embedded content (an archive entry, a feed item, a mail body)
 * below the heading that introduces it, so the outline stays a tree: with `minLevel`
 * 3, the content's top headings become H3 and deeper ones follow, capped at H6.
 * Headings nested in lists and quotes move too.
 */
export function shiftHeadings(blocks: readonly Block[], minLevel: HeadingLevel): Block[] {
  const top = topLevel(blocks);
  if (top === undefined || top >= minLevel) return [...blocks];
  return shiftBy(blocks, minLevel - top);
}

function shiftBy(blocks: readonly Block[], by: number): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case 'heading':
        return { ...block, level: Math.min(6, block.level + by) as HeadingLevel };
      case 'list':
        return { ...block, items: block.items.map((item) => ({ blocks: shiftBy(item.blocks, by) })) };
      case 'quote':
        return { ...block, blocks: shiftBy(block.blocks, by) };
      default:
        return block;
    }
  });
}

function topLevel(blocks: readonly Block[]): number | undefined {
  let top: number | undefined;
  for (const block of blocks) {
    const level =
      block.type === 'heading'
        ? block.level
        : block.type === 'list'
          ? topLevel(block.items.flatMap((item) => item.blocks))
          : block.type === 'quote'
            ? topLevel(block.blocks)
            : undefined;
    if (level !== undefined && (top === undefined || level < top)) top = level;
  }
  return top;
}
