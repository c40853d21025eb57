import type { Block, Inline, IntermediateDocument, TableRow } from './intermediate-document';

/**
 * Deepest nesting of lists and quotes, and of inline emphasis, strong and links, that
 * the output formats see. Broken page generators nest 20,000 lists deep; the
 * renderers recurse per level (and turndown's DOM with them), and no reader of the
 * output follows more than a handful of levels anyway.
 */
export const MAX_NESTING_DEPTH = 64;

/**
 * Flattens a document in place so that no list or quote sits more than `maxDepth`
 * levels deep and no inline wrapper more than `maxDepth` wrappers deep: a deeper list
 * or quote is replaced by its content (the blocks of its items, in order), a deeper
 * wrapper by its text. Nothing is lost but the nesting. Walks with explicit stacks,
 * so it is safe on any depth a reader produced.
 */
export function capNesting(document: IntermediateDocument, maxDepth = MAX_NESTING_DEPTH): IntermediateDocument {
  // Each entry is a block array to cap in place, with the number of containers around it.
  const pending: Array<{ blocks: Block[]; depth: number }> = [{ blocks: document.blocks, depth: 0 }];
  while (pending.length > 0) {
    const { blocks, depth } = pending.pop()!;
    const capped: Block[] = [];
    for (const block of blocks) {
      if ((block.type === 'list' || block.type === 'quote') && depth >= maxDepth) {
        for (const leaf of flattenBlocks(block)) capped.push(capInlineOf(leaf, maxDepth));
        continue;
      }
      if (block.type === 'list') {
        for (const item of block.items) pending.push({ blocks: item.blocks, depth: depth + 1 });
      } else if (block.type === 'quote') {
        pending.push({ blocks: block.blocks, depth: depth + 1 });
      }
      capped.push(capInlineOf(block, maxDepth));
    }
    // Copied back one by one: spreading 100,000 blocks as arguments would overflow the stack.
    blocks.length = 0;
    for (const block of capped) blocks.push(block);
  }
  return document;
}

/** The blocks inside a list or quote, at any depth, in reading order, with no list or quote left. */
function flattenBlocks(container: Block): Block[] {
  const out: Block[] = [];
  const stack: Block[] = [container];
  while (stack.length > 0) {
    const block = stack.pop()!;
    const children = block.type === 'list' ? block.items.flatMap((item) => item.blocks) : block.type === 'quote' ? block.blocks : undefined;
    if (children === undefined) out.push(block);
    else for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/**
 * A block with its inline content capped (headings, paragraphs, table cells). Content
 * within the limit, nearly all of it, is returned as it is: a 100,000-row table must
 * not be copied cell by cell to find nothing to do.
 */
function capInlineOf(block: Block, maxDepth: number): Block {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return exceeds(block.content, maxDepth) ? { ...block, content: capInline(block.content, maxDepth) } : block;
    case 'table': {
      const rows = block.header ? [block.header, ...block.rows] : block.rows;
      if (!rows.some((cells) => cells.some((cell) => exceeds(cell, maxDepth)))) return block;
      const row = (cells: TableRow): TableRow => cells.map((cell) => capInline(cell, maxDepth));
      return { ...block, ...(block.header ? { header: row(block.header) } : {}), rows: block.rows.map(row) };
    }
    default:
      return block;
  }
}

/** Whether wrappers nest deeper than `maxDepth` anywhere in the content (no allocation for flat content). */
function exceeds(content: readonly Inline[], maxDepth: number): boolean {
  if (!content.some(isWrapper)) return false;
  const stack: Array<{ nodes: readonly Inline[]; depth: number }> = [{ nodes: content, depth: 0 }];
  while (stack.length > 0) {
    const { nodes, depth } = stack.pop()!;
    for (const node of nodes) {
      if (!isWrapper(node)) continue;
      if (depth >= maxDepth) return true;
      stack.push({ nodes: node.content, depth: depth + 1 });
    }
  }
  return false;
}

type Wrapper = Extract<Inline, { content: Inline[] }>;

function isWrapper(node: Inline): node is Wrapper {
  return node.type === 'strong' || node.type === 'emphasis' || node.type === 'link';
}

/** Inline content with wrappers deeper than `maxDepth` replaced by their content, flattened. */
export function capInline(content: Inline[], maxDepth: number = MAX_NESTING_DEPTH): Inline[] {
  const root: Inline[] = [];
  // Each entry copies `source` into `target`, `depth` wrappers deep.
  const pending: Array<{ source: readonly Inline[]; target: Inline[]; depth: number }> = [{ source: content, target: root, depth: 0 }];
  while (pending.length > 0) {
    const { source, target, depth } = pending.pop()!;
    for (const node of source) {
      if (!isWrapper(node)) {
        target.push(node);
      } else if (depth >= maxDepth) {
        for (const leaf of flattenInline(node.content)) target.push(leaf);
      } else {
        const copy: Wrapper = { ...node, content: [] };
        target.push(copy);
        pending.push({ source: node.content, target: copy.content, depth: depth + 1 });
      }
    }
  }
  return root;
}

/** The text, code and line breaks of inline content, wrappers removed, in reading order. */
function flattenInline(content: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  const stack: Inline[] = [...content].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isWrapper(node)) out.push(node);
    else for (let i = node.content.length - 1; i >= 0; i--) stack.push(node.content[i]);
  }
  return out;
}
