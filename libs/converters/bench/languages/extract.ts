/**
 * Makes the language-detection test set (`<code>.jsonl` beside this file) from the
 * translated manual pages Debian ships (SOURCES.md says which package, which licence):
 *
 *   apt-get install man-db manpages manpages-dev manpages-de manpages-fr …  (SOURCES.md)
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register libs/converters/bench/languages/extract.ts
 *
 * Each page is formatted by man-db (`man -l`, groff) at a line length no paragraph
 * reaches, so a paragraph is one line. Kept: paragraphs of 200 to 1,000 characters. A
 * translated page's paragraph that is also in the English page of the same name is
 * left out (an untranslated paragraph, English in a German page), and a translated page
 * whose English page the system lacks is skipped. Left out too, by rules that know no
 * detector: what is not prose (a synopsis of options, a list of other pages, a rule of
 * box-drawing characters), a paragraph mostly outside its language's script (English
 * left in a Chinese page), and in a language other than English a paragraph that reads
 * as English by its function words (ENGLISH_WORDS). The sample is fixed: pages in the
 * order of a hash of their path until twice SAMPLE paragraphs are found, at most
 * PER_PAGE of a page, then SAMPLE of them in the order of a hash of their text, so the
 * same packages give the same files.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const MAN = '/usr/share/man';
const SAMPLE = 150;
const PER_PAGE = 4;
const MIN_CHARS = 200;
const MAX_CHARS = 1000;

/** ISO 639-1 code → the man folder of its translations (English: the untranslated pages). */
const LANGUAGES: Record<string, string> = {
  en: '',
  cs: 'cs',
  da: 'da',
  de: 'de',
  es: 'es',
  fr: 'fr',
  it: 'it',
  ja: 'ja',
  nl: 'nl',
  pl: 'pl',
  pt: 'pt_BR',
  ro: 'ro',
  ru: 'ru',
  sv: 'sv',
  tr: 'tr',
  uk: 'uk',
  zh: 'zh_CN',
};

function pages(folder: string): string[] {
  const root = join(MAN, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((section) => /^man[1-8]$/.test(section))
    .flatMap((section) => readdirSync(join(root, section)).map((name) => join(root, section, name)))
    .sort();
}

function paragraphs(file: string): string[] {
  let text: string;
  try {
    text = execFileSync('man', ['-l', '-E', 'UTF-8', file], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '5000', MAN_KEEP_FORMATTING: '', GROFF_NO_SGR: '1', LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return []; // a page groff cannot format: not part of the set
  }
  return withoutOverstrikes(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => [...line].length >= MIN_CHARS && [...line].length <= MAX_CHARS);
}

/** Bold and underline as a terminal gets them: a character, a backspace, a character. */
function withoutOverstrikes(text: string): string {
  let out = '';
  for (const char of text) out = char === '\b' ? out.slice(0, -1) : out + char;
  return out;
}

/** The English page a translation was made from, or null when the system lacks it. */
function englishPage(file: string): string | null {
  const english = join(MAN, basename(join(file, '..')), basename(file));
  return existsSync(english) ? english : null;
}

/** Pages of the `manpages` and `manpages-dev` packages: the English set is drawn from the man-pages project only. */
function englishPages(): string[] {
  const listed = ['manpages', 'manpages-dev'].flatMap((name) => execFileSync('dpkg', ['-L', name], { encoding: 'utf8' }).split('\n'));
  return listed.filter((path) => /^\/usr\/share\/man\/man[1-8]\/[^/]+\.gz$/.test(path)).sort();
}

/** The script most of a language's letters are in, where it is not Latin. */
const SCRIPTS: Record<string, RegExp> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  zh: /\p{Script=Han}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
};
/** English words that are no word of the other languages here ("of" is Dutch, "are" Romanian, "to" Polish). */
const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'which',
  'that',
  'this',
  'with',
  'from',
  'should',
  'been',
  'would',
  'there',
  'their',
  'these',
]);

/** Running text in `code`, by the rules above. */
function isProse(code: string, text: string): boolean {
  const tokens = text.split(' ');
  const options = tokens.filter((token) => /^[-[]|\(\d\w*\),?$/.test(token)).length;
  const words = tokens.filter((token) => /^[\p{L}\p{M}'’-]+[,.;:!?]?$/u.test(token)).length;
  if (options > tokens.length * 0.15 || (!SCRIPTS[code] && words < tokens.length * 0.6)) return false;
  const letters = [...text].filter((char) => /\p{L}/u.test(char));
  if (letters.length < text.replace(/\s/g, '').length / 2) return false; // a rule of box-drawing characters, a table of numbers
  const script = SCRIPTS[code];
  if (script && letters.filter((char) => script.test(char)).length < letters.length * 0.6) return false;
  if (code === 'ja' && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return false;
  const english = tokens.filter((token) => ENGLISH_WORDS.has(token.toLowerCase().replace(/[,.;:!?]$/, ''))).length;
  return code === 'en' || english < tokens.length * 0.05;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// Languages to make, when not all of them: `… extract.ts zh ja`.
const only = process.argv.slice(2);
for (const [code, folder] of Object.entries(LANGUAGES).filter(([code]) => only.length === 0 || only.includes(code))) {
  const files = (folder ? pages(folder) : englishPages()).sort((a, b) => hash(a).localeCompare(hash(b)));
  const found: { source: string; text: string }[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (found.length >= 2 * SAMPLE) break;
    const original = folder ? englishPage(file) : null;
    if (folder && !original) continue;
    const english = new Set(original ? paragraphs(original) : []);
    const kept = paragraphs(file)
      .filter((text) => !english.has(text) && !seen.has(text) && isProse(code, text))
      .sort((a, b) => hash(a).localeCompare(hash(b)))
      .slice(0, PER_PAGE);
    for (const text of kept) {
      seen.add(text);
      found.push({ source: file.slice(MAN.length + 1), text });
    }
  }
  const sample = found.sort((a, b) => hash(a.text).localeCompare(hash(b.text))).slice(0, SAMPLE);
  sample.sort((a, b) => a.source.localeCompare(b.source));
  writeFileSync(join(__dirname, `${code}.jsonl`), sample.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  process.stdout.write(`${code}: ${files.length} pages, ${found.length} paragraphs, ${sample.length} kept\n`);
}
