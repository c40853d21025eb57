import type { Inline, Table, TableCell, TableRow } from '../../document';

/**
 * A table straight to a GFM pipe table, with the same bytes turndown writes for it
 * (render-html.ts → turndown-rules.ts), but without an HTML string and a DOM of the
 * whole table in between: for a million-cell CSV or sheet that detour needs over a
 * gigabyte and minutes. Lines are collected in an array and joined once.
 *
 * Only tables whose cells hold plain text and line breaks (all CSV and spreadsheet
 * tables, most others) are written here; for anything else (emphasis, links, code
 * in cells, an empty row) the answer is undefined and the caller goes through
 * turndown, whose rules define the output.
 *
 * `escape` is turndown's own escaping of a text node, so both paths escape alike.
 */
export function gfmTable(table: Table, escape: (text: string) => string): string | undefined {
  const header = table.header ?? table.rows[0];
  // tableHtml writes nothing for a table without rows.
  if (!header) return '';
  const bodyStart = table.header ? 0 : 1;
  if (!isPlainRow(header)) return undefined;
  for (let r = bodyStart; r < table.rows.length; r++) if (!isPlainRow(table.rows[r])) return undefined;

  const lines: string[] = new Array<string>(table.rows.length - bodyStart + 2);
  lines[0] = rowLine(header, escape);
  lines[1] = `|${' --- |'.repeat(header.length)}`;
  for (let r = bodyStart; r < table.rows.length; r++) lines[r - bodyStart + 2] = rowLine(table.rows[r], escape);
  return lines.join('\n');
}

/** Text and breaks only, and at least one cell (turndown drops an empty <tr> as blank). */
function isPlainRow(row: TableRow): boolean {
  if (row.length === 0) return false;
  for (const cell of row) {
    for (const node of cell) if (node.type !== 'text' && node.type !== 'break') return false;
  }
  return true;
}

function rowLine(row: TableRow, escape: (text: string) => string): string {
  const cells = new Array<string>(row.length);
  for (let c = 0; c < row.length; c++) cells[c] = cellMarkdown(row[c], escape);
  return `| ${cells.join(' | ')} |`;
}

/**
 * What turndown makes of `<td>` holding these nodes. Its steps, in order: adjacent
 * text nodes are one DOM text node, and the HTML parser drops NUL characters; each
 * text node between breaks has its runs of ASCII whitespace collapsed to one space
 * and loses a leading and a trailing space (collapse-whitespace); it is escaped as
 * a whole (the escapes anchored at its start see the collapsed text); a break is
 * "  \n"; the cell rule then folds all whitespace, trims and escapes `|`.
 */
function cellMarkdown(cell: TableCell, escape: (text: string) => string): string {
  // The common case: one text node, nothing to collapse, escape or fold.
  if (cell.length === 1 && cell[0].type === 'text' && isSimpleText(cell[0].text)) return cell[0].text;
  if (cell.length === 0) return '';
  const parts: string[] = [];
  let segment = '';
  for (const node of cell as readonly Inline[]) {
    if (node.type === 'text') {
      segment += node.text;
    } else {
      parts.push(textNodeMarkdown(segment, escape));
      segment = '';
    }
  }
  parts.push(textNodeMarkdown(segment, escape));
  return parts.join('  \n').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function textNodeMarkdown(text: string, escape: (text: string) => string): string {
  let collapsed = text.replace(/\0/g, '').replace(/[ \r\n\t]+/g, ' ');
  if (collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
  if (collapsed.endsWith(' ')) collapsed = collapsed.slice(0, -1);
  return collapsed === '' ? '' : escape(collapsed);
}

/**
 * Text every step above leaves as it is: printable ASCII without markdown's special
 * characters or `|`, no space at either end or twice in a row, and no character
 * that turndown escapes at the start of a text node (`-`, `+`, `=`, `#`, `~`, `>`,
 * a digit). Such cells need no regular expression at all.
 */
function isSimpleText(text: string): boolean {
  if (text === '') return false;
  const first = text.charCodeAt(0);
  // - + = # ~ >, and a digit when it starts "1. " (numbers such as 12.5 are fine)
  if (first === 45 || first === 43 || first === 61 || first === 35 || first === 126 || first === 62) return false;
  if (first >= 48 && first <= 57 && /^\d+\. /.test(text)) return false;
  let previousSpace = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      if (previousSpace) return false;
      previousSpace = true;
      continue;
    }
    previousSpace = false;
    // Control characters, non-ASCII (Unicode spaces), \ * ` [ ] _ < |
    if (
      code < 32 ||
      code > 126 ||
      code === 92 ||
      code === 42 ||
      code === 96 ||
      code === 91 ||
      code === 93 ||
      code === 95 ||
      code === 60 ||
      code === 124
    )
      return false;
  }
  return !previousSpace;
}
