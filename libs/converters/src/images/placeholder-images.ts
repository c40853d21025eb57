import { ImageMode } from '@docformat/contracts';
import type { Block, IntermediateDocument } from '../document';

/**
 * The document as a format renders it for `mode`: renderers link every picture that
 * has a number (`n`), so for placeholder outputs the numbers are left out, on copies
 * of the blocks that hold pictures only (the tree itself stays as stored, numbered).
 */
export function documentForImages(document: IntermediateDocument, mode: ImageMode): IntermediateDocument {
  if (mode !== ImageMode.PLACEHOLDER || !hasNumbered(document.blocks)) return document;
  return { ...document, blocks: unnumbered(document.blocks) };
}

function hasNumbered(blocks: readonly Block[]): boolean {
  return blocks.some(
    (block) =>
      (block.type === 'image' && block.n !== undefined) ||
      (block.type === 'list' && block.items.some((item) => hasNumbered(item.blocks))) ||
      (block.type === 'quote' && hasNumbered(block.blocks)),
  );
}

function unnumbered(blocks: readonly Block[]): Block[] {
  return blocks.map((block): Block => {
    if (block.type === 'image' && block.n !== undefined) {
      const { n: _n, mediaType: _type, width: _width, height: _height, ...placeholder } = block;
      return placeholder;
    }
    if (block.type === 'list') return { ...block, items: block.items.map((item) => ({ blocks: unnumbered(item.blocks) })) };
    if (block.type === 'quote') return { ...block, blocks: unnumbered(block.blocks) };
    return block;
  });
}
