import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { corpusPath } from './write-truth';

/**
 * Each maker owns one section of `corpus/SOURCES.md`, between its own markers (as the
 * other makers' sections are marked), and rewrites only that: other sections are left
 * as they are.
 */
export function writeSourcesSection(name: string, script: string, body: string): void {
  const path = corpusPath('SOURCES.md');
  const start = `<!-- ${name}: begin`;
  const end = `<!-- ${name}: end -->`;
  const section = `${start} (written by truth-makers/${script}) -->\n\n${body.trim()}\n\n${end}`;
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '# Sources of the third-party corpus\n';
  const at = old.indexOf(start);
  const until = old.indexOf(end);
  const next = at >= 0 && until > at ? old.slice(0, at) + section + old.slice(until + end.length) : `${old.trimEnd()}\n\n${section}\n`;
  // Written aside and renamed, so another maker reading the file never sees it half written.
  writeFileSync(`${path}.tmp`, next);
  renameSync(`${path}.tmp`, path);
}

/** A Markdown table cell: pipes escaped, no line breaks. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}
