import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import MarkdownIt from 'markdown-it';

/** The repository's root. */
export const ROOT = join(__dirname, '../../..');

/** README.md and every markdown file under docs/, as paths from the root. */
export function documentationFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  return ['README.md', ...docs.sort()];
}

export const readDoc = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

// markdown-it parses as GitHub renders: a `# comment` in a fenced block is no heading,
// and a link written inside code is no link.
const markdown = new MarkdownIt();

const inlineChildren = (text: string): MarkdownIt.Token[][] =>
  markdown
    .parse(text, {})
    .filter((token) => token.type === 'inline')
    .map((token) => token.children ?? []);

/** The text of a heading as GitHub sees it: markup dropped, code spans' text kept. */
function plainText(children: MarkdownIt.Token[]): string {
  return children.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

/**
 * The anchors GitHub gives a file's headings (github-slugger): lower case, every
 * character that is not a letter, mark, digit, connector, space or hyphen dropped,
 * spaces as hyphens; a repeated anchor gets -1, -2 and so on.
 */
export function headingAnchors(text: string): Set<string> {
  const tokens = markdown.parse(text, {});
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const base = plainText(tokens[index + 1]?.children ?? [])
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  });
  return anchors;
}

/** Every link target in a file, images included, as written. */
export function linkTargets(text: string): string[] {
  return inlineChildren(text)
    .flat()
    .flatMap((token) => {
      if (token.type === 'link_open') return [String(token.attrGet('href') ?? '')];
      if (token.type === 'image') return [String(token.attrGet('src') ?? '')];
      return [];
    });
}

export const fromRoot = (path: string): string => relative(ROOT, path);
