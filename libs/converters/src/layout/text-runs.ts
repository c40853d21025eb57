import { type Inline, normalizeInline } from '../document';
import { BROKEN_WORD, dropSoftHyphens } from './characters';
import type { TextRun } from './text-lines';

/**
 * Appends a line's runs to a paragraph's. A word hyphenated at the line end is joined
 * ("conver-" + "sion" → "conversion", marked until the document-wide pass of
 * line-end-hyphens.ts decides whether the hyphen was the word's own); otherwise the
 * line break is a space. Only a hyphen after a letter and before a lower-case letter
 * counts, so "pre-" + "COVID" and "2019-" + "2020" keep theirs, and so do compounds
 * ("non-white-" + "space"); a kept hyphen joins its word without a space ("pre-COVID",
 * "HMVEC-dBl-Ad" in a narrow cell).
 */
export function appendLine(paragraph: TextRun[], line: readonly TextRun[]): void {
  const last = paragraph[paragraph.length - 1];
  const first = line[0];
  if (!last || !first) {
    paragraph.push(...line);
    return;
  }
  // A word that already holds a hyphen ("non-white-" + "space") broke at that hyphen:
  // hyphenation (TeX's, a word processor's) never splits such a word elsewhere.
  const hyphenated = /\p{L}[-\u00ad]$/u.test(last.text) && /^\p{Ll}/u.test(first.text);
  // A hyphen between a word and one that starts in capitals or figures is the word's own.
  const compound = /[\p{L}\p{Nd}]-$/u.test(last.text) && /^[\p{Lu}\p{Lt}\p{Nd}]/u.test(first.text);
  if ((hyphenated && /\p{L}-\p{L}+-$/u.test(last.text)) || compound) {
    // The hyphen stays, and the word goes on without a space.
  } else if (hyphenated) {
    // A soft hyphen is hyphenation for certain; a hyphen may be the word's own, which the rest of the document tells (line-end-hyphens.ts).
    last.text = last.text.endsWith('-') ? `${last.text.slice(0, -1)}${BROKEN_WORD}` : last.text.slice(0, -1);
  } else if (last.text.endsWith('\u00ad')) {
    last.text = last.text.slice(0, -1);
  } else {
    last.text += ' ';
  }
  paragraph.push(...line.map((run) => ({ ...run })));
}

/** Removes the first `count` characters (a list marker) from a line's runs. */
export function dropPrefix(runs: readonly TextRun[], count: number): TextRun[] {
  let remaining = count;
  const out: TextRun[] = [];
  for (const run of runs) {
    if (remaining >= run.text.length) {
      remaining -= run.text.length;
      continue;
    }
    out.push({ ...run, text: run.text.slice(remaining).replace(remaining > 0 ? /^\s+/ : /^/, '') });
    remaining = 0;
  }
  return out;
}

export function runsText(runs: readonly TextRun[]): string {
  return runs.map((run) => run.text).join('');
}

/**
 * Styled runs → IR inline content: bold → strong, italic → emphasis, monospace →
 * code, and consecutive runs with the same href → one link (its edge spaces outside).
 */
export function runsToInline(runs: readonly TextRun[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < runs.length;) {
    const href = runs[i].href;
    let end = i + 1;
    while (end < runs.length && runs[end].href === href) end++;
    const styled = runs.slice(i, end).flatMap(styledRun);
    if (href === undefined) out.push(...styled);
    else {
      const text = runsText(runs.slice(i, end));
      out.push(
        { type: 'text', text: /^\s/.test(text) ? ' ' : '' },
        { type: 'link', href, content: normalizeInline(styled) },
        { type: 'text', text: /\s$/.test(text) ? ' ' : '' },
      );
    }
    i = end;
  }
  return normalizeInline(out);
}

function styledRun(run: TextRun): Inline[] {
  const text = dropSoftHyphens(run.text);
  if (run.mono && text.trim() !== '') {
    const [, before, code, after] = /^(\s*)(.*?)(\s*)$/s.exec(text) ?? ['', '', text, ''];
    return [
      { type: 'text', text: before },
      { type: 'inlineCode', text: code },
      { type: 'text', text: after },
    ];
  }
  let node: Inline = { type: 'text', text };
  if (run.italic) node = { type: 'emphasis', content: [node] };
  if (run.bold) node = { type: 'strong', content: [node] };
  return [node];
}
