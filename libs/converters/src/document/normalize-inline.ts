import type { Inline } from './intermediate-document';

/**
 * Tidies inline content built from a source's whitespace: merges adjacent text runs,
 * drops empty runs and wrappers, and trims whitespace at both ends (HTML and PDF
 * readers both produce stray spaces at element edges).
 */
export function normalizeInline(content: readonly Inline[]): Inline[] {
  return trimEdges(mergeRuns(content));
}

function mergeRuns(content: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of content) {
    const next =
      node.type === 'strong' || node.type === 'emphasis' || node.type === 'link' ? { ...node, content: mergeRuns(node.content) } : node;
    if (next.type === 'text' && next.text === '') continue;
    if ((next.type === 'strong' || next.type === 'emphasis') && next.content.length === 0) continue;
    const last = out[out.length - 1];
    if (last?.type === 'text' && next.type === 'text') {
      out[out.length - 1] = { type: 'text', text: collapseJoin(last.text, next.text) };
    } else {
      out.push(next);
    }
  }
  return out;
}

/** Joins two runs without doubling the space between them. */
function collapseJoin(left: string, right: string): string {
  return left.endsWith(' ') && right.startsWith(' ') ? left + right.slice(1) : left + right;
}

function trimEdges(content: Inline[]): Inline[] {
  // Indices, then one slice: shifting a run at a time was quadratic in the runs (a paragraph
  // of 100,000 emptied wrappers, as broken pages nest them).
  let start = 0;
  let end = content.length;
  while (start < end && isWhitespaceOrBreak(content[start])) start++;
  while (end > start && isWhitespaceOrBreak(content[end - 1])) end--;
  const out = content.slice(start, end);
  if (out.length === 0) return out;
  out[0] = trimSide(out[0], 'start');
  out[out.length - 1] = trimSide(out[out.length - 1], 'end');
  return out;
}

function isWhitespaceOrBreak(node: Inline): boolean {
  return node.type === 'break' || (node.type === 'text' && node.text.trim() === '');
}

function trimSide(node: Inline, side: 'start' | 'end'): Inline {
  const trim = (text: string) => (side === 'start' ? text.trimStart() : text.trimEnd());
  switch (node.type) {
    case 'text':
      return { type: 'text', text: trim(node.text) };
    case 'strong':
    case 'emphasis':
    case 'link': {
      const inner = [...node.content];
      const index = side === 'start' ? 0 : inner.length - 1;
      if (inner[index]) inner[index] = trimSide(inner[index], side);
      return { ...node, content: inner };
    }
    default:
      return node;
  }
}
