/**
 * Calls `visit` with every object (not array) of a tree of plain data, parents before
 * children, walking with an explicit stack: documents nest deeper than the call stack
 * goes. `visit` may rewrite the record's strings; what it returns is not read.
 */
export function walkRecords(root: unknown, visit: (record: Record<string, unknown>) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) if (child !== null && typeof child === 'object') stack.push(child);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    visit(record);
    // for…in: a 100,000-row table has a million cells, and copying each one's entries would double its memory.
    for (const key in record) {
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}
