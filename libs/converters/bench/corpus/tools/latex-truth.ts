/**
 * Ground truth of the LaTeX corpus documents, read from their source (never from a
 * converter's output): the visible text, the headings with the numbers LaTeX prints,
 * and the table cells. It understands only the small LaTeX subset the corpus sources
 * keep to (see ../README.md), one structural command per line:
 *
 * - `\title`/`\author`/`\date` (printed by `\maketitle`; the title is the H1);
 *   `%heading:N` on its own line makes the next line a level-N heading (a title set
 *   by hand, as on a newsletter or an invoice).
 * - `\section`, `\subsection`, `\subsubsection` (numbered `1`, `1.1`, `1.1.1`; letters
 *   after `\appendix`; `*` unnumbered). Level = outline depth, one below the title when
 *   there is one. `\paragraph{Head.}` (a run-in head) is one level below the heading
 *   it sits under: markdown has no run-in heads, so the outline decides.
 * - `tabular`/`longtable` rows, one per line, ending in `\\`; `\multicolumn` cells are
 *   one cell; a longtable's repeated page header (`\endfirsthead` … `\endhead`) counts once.
 * - `\caption` → "Table N: …"/"Figure N: …"; `\footnote{…}` text is kept (after its line).
 */
import { normalizeItem } from '../../metrics/tokens';
import type { MarkdownStructure } from '../../metrics/markdown-structure';

interface Truth {
  text: string;
  structure: MarkdownStructure;
}

const SECTIONS = ['section', 'subsection', 'subsubsection'] as const;
/** Commands whose arguments are layout, not text: dropped with them. */
const DROP_ARGS = /\\(?:rule|setlength|pagestyle|vspace|hspace|cmidrule(?:\([a-z]*\))?|usepackage|renewcommand|documentclass|columnbreak)\*?(?:\[[^\]]*\])?(?:\{[^{}]*\})*/g;

export function latexTruth(source: string): Truth {
  const meta = (name: string) => argument(source, `\\${name}{`);
  const body = source.slice(source.indexOf('\\begin{document}') + '\\begin{document}'.length, source.indexOf('\\end{document}'));
  const text: string[] = [];
  const headings: MarkdownStructure['headings'] = [];
  const tableCells: string[] = [];
  const counters = [0, 0, 0];
  const floats = { table: 0, figure: 0 };
  let appendix = false;
  let base = 0;
  let depth = 0;
  let forced: number | undefined;
  let env: 'table' | 'figure' | undefined;
  let tabular: { longtable: boolean; skipping: boolean } | undefined;
  const heading = (level: number, title: string) => {
    headings.push({ level: Math.min(level, 6), text: normalizeItem(title) });
    text.push(title);
  };

  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const directive = /^%heading:(\d)$/.exec(line);
    if (directive) forced = Number(directive[1]);
    if (line === '' || line.startsWith('%')) continue;
    if (tabular) {
      if (/^\\end\{(tabular|longtable)\}/.test(line)) tabular = undefined;
      else if (/\\endfirsthead/.test(line)) tabular.skipping = true;
      else if (/\\endhead/.test(line)) tabular.skipping = false;
      else if (/^\\caption\{/.test(line)) text.push(caption('table', line));
      else if (!tabular.skipping && line.includes('&')) {
        const cells = line.replace(/\\\\(\[[^\]]*\])?\s*$/, '').split(/(?<!\\)&/).map(inline);
        tableCells.push(...cells.map(normalizeItem).filter((cell) => cell !== ''));
        text.push(cells.join(' '));
      }
      continue;
    }
    if (line === '\\maketitle') {
      base = 1;
      heading(1, inline(meta('title') ?? ''));
      text.push(inline(meta('author') ?? ''), inline(meta('date') ?? ''));
      continue;
    }
    if (line === '\\appendix') {
      appendix = true;
      counters.fill(0);
      continue;
    }
    const section = /^\\(section|subsection|subsubsection|paragraph)(\*?)\{/.exec(line);
    if (section) {
      const title = inline(argument(line, section[0]) ?? '');
      if (section[1] === 'paragraph') {
        heading(base + depth + 1, title);
        text.push(inline(line.slice(line.indexOf(title) + title.length + 1)));
        continue;
      }
      const index = SECTIONS.indexOf(section[1] as (typeof SECTIONS)[number]);
      depth = index + 1;
      if (section[2] === '*') heading(base + depth, title);
      else {
        counters[index]++;
        counters.fill(0, index + 1);
        const numbers = counters.slice(0, index + 1).map((n, i) => (i === 0 && appendix ? String.fromCharCode(64 + n) : String(n)));
        heading(base + depth, `${numbers.join('.')} ${title}`);
      }
      continue;
    }
    const begin = /^\\begin\{(tabular|longtable|table|figure|abstract)\}/.exec(line);
    if (begin) {
      if (begin[1] === 'tabular' || begin[1] === 'longtable') tabular = { longtable: begin[1] === 'longtable', skipping: false };
      else if (begin[1] === 'abstract') text.push('Abstract');
      else env = begin[1] as 'table' | 'figure';
      continue;
    }
    if (/^\\caption\{/.test(line) && env) {
      text.push(caption(env, line));
      continue;
    }
    if (/^\\end\{(table|figure)\}/.test(line)) env = undefined;
    const plain = inline(line);
    if (forced !== undefined && plain !== '') {
      if (forced === 1) base = 1;
      heading(forced, plain);
      forced = undefined;
    } else if (plain !== '') text.push(plain);
    for (const note of footnotes(line)) text.push(inline(note));
  }

  function caption(kind: 'table' | 'figure', line: string): string {
    floats[kind]++;
    return `${kind === 'table' ? 'Table' : 'Figure'} ${floats[kind]}: ${inline(argument(line, '\\caption{') ?? '')}`;
  }
  return { text: `${text.filter((line) => line !== '').join('\n')}\n`, structure: { headings, listItems: [], tableCells } };
}

/** The brace-balanced argument after `opening` (which ends in `{`), or undefined. */
function argument(source: string, opening: string): string | undefined {
  const start = source.indexOf(opening);
  if (start < 0) return undefined;
  let level = 1;
  for (let i = start + opening.length; i < source.length; i++) {
    if (source[i] === '{' && source[i - 1] !== '\\') level++;
    if (source[i] === '}' && source[i - 1] !== '\\' && --level === 0) return source.slice(start + opening.length, i);
  }
  return undefined;
}

function footnotes(line: string): string[] {
  const out: string[] = [];
  for (let at = line.indexOf('\\footnote{'); at >= 0; at = line.indexOf('\\footnote{', at + 1)) out.push(argument(line.slice(at), '\\footnote{') ?? '');
  return out;
}

/** A line of LaTeX → its visible text: footnotes removed (kept separately), markup dropped. */
function inline(latex: string): string {
  let text = latex;
  for (let at = text.indexOf('\\footnote{'); at >= 0; at = text.indexOf('\\footnote{')) {
    text = text.slice(0, at) + text.slice(at + '\\footnote{'.length + (argument(text.slice(at), '\\footnote{') ?? '').length + 1);
  }
  return text
    .replace(/(?<!\\)%.*$/, '')
    .replace(DROP_ARGS, ' ')
    .replace(/\\multicolumn\{\d+\}\{[^{}]*\}/g, '')
    .replace(/\\(?:begin|end)\{[a-z]+\}(?:\{\d+\})?(?:\{[^{}]*\})?/g, ' ')
    .replace(/\\\\(\[[^\]]*\])?/g, ' ')
    .replace(/\\([%&$#_])/g, '$1')
    .replace(/\\[a-zA-Z]+\*?/g, ' ')
    .replace(/[{}]/g, '')
    .replace(/~/g, ' ')
    .replace(/--/g, '–')
    .replace(/\s+/g, ' ')
    .trim();
}
