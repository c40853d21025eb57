/**
 * Makes the OCR language scans beside this file: for each language whose Tesseract data
 * docformat installs beyond English, a paragraph of real text in it (`<code>.txt`, the
 * truth) typeset with @napi-rs/canvas as a 300 dpi page (`<code>.png`, black on white,
 * 12 pt). Texts: the first paragraphs of the language-detection set (../../languages/,
 * Debian manual pages) for Portuguese, Italian, Chinese and Japanese; Arabic, which no
 * Debian manual is translated into, from GTK 3's Arabic message catalogue
 * (libgtk-3-common, LGPL-2.1+: the first translations of 60 characters or more, by
 * message id). Fonts: DejaVu Sans (fonts-dejavu-core) with Droid Sans Fallback
 * (fonts-droid-fallback) for Chinese and Japanese. Run by hand:
 *
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register libs/converters/bench/ocr/languages/make-scans.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

const HERE = __dirname;
const SET = join(HERE, '../../languages');
const DPI = 300;
const WIDTH = Math.round(6.5 * DPI); // a 6.5 inch text column
const MARGIN = DPI / 2;
const FONT_PX = Math.round((12 * DPI) / 72);
const LINE_PX = Math.round(FONT_PX * 1.5);
const TARGET_CHARS = { latin: 700, cjk: 300 };
const GTK_CATALOGUE = '/usr/share/locale/ar/LC_MESSAGES/gtk30-properties.mo';

/** Tesseract code → where its text comes from. */
const SCANS: Record<string, { text: () => string; rtl?: boolean; cjk?: boolean }> = {
  por: { text: () => fromSet('pt', TARGET_CHARS.latin) },
  ita: { text: () => fromSet('it', TARGET_CHARS.latin) },
  chi_sim: { text: () => fromSet('zh', TARGET_CHARS.cjk), cjk: true },
  jpn: { text: () => fromSet('ja', TARGET_CHARS.cjk), cjk: true },
  ara: { text: () => arabicMessages(TARGET_CHARS.latin), rtl: true },
};

function fromSet(code: string, chars: number): string {
  const texts = readFileSync(join(SET, `${code}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text);
  return takeUpTo(texts, chars);
}

function takeUpTo(texts: readonly string[], chars: number): string {
  const taken: string[] = [];
  for (const text of texts) {
    if (taken.join(' ').length >= chars) break;
    taken.push(text);
  }
  return taken.join('\n');
}

/** The translations of a GNU gettext catalogue (.mo: a header, then tables of lengths and offsets). */
function moTranslations(file: string): Map<string, string> {
  const bytes = readFileSync(file);
  const little = bytes.readUInt32LE(0) === 0x950412de;
  const word = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const [count, originals, translations] = [word(8), word(12), word(16)];
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    const string = (table: number) => {
      const length = word(table + index * 8);
      const offset = word(table + index * 8 + 4);
      return bytes.subarray(offset, offset + length).toString('utf8');
    };
    entries.set(string(originals), string(translations));
  }
  return entries;
}

function arabicMessages(chars: number): string {
  const arabic = (text: string) => [...text].filter((char) => /\p{Script=Arabic}/u.test(char)).length > text.length * 0.7;
  const messages = [...moTranslations(GTK_CATALOGUE)]
    .filter(([id, text]) => id !== '' && text.length >= 60 && !/[%\n]/.test(text) && arabic(text))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text);
  return takeUpTo(messages, chars);
}

/** Lines that fit the column: broken at spaces, or anywhere in CJK text. */
function wrap(measure: (text: string) => number, paragraph: string, cjk: boolean): string[] {
  const units = cjk ? [...paragraph] : paragraph.split(' ');
  const joiner = cjk ? '' : ' ';
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const next = line ? `${line}${joiner}${unit}` : unit;
    if (line && measure(next) > WIDTH - 2 * MARGIN) {
      lines.push(line);
      line = unit.trimStart();
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

for (const [code, { text, rtl = false, cjk = false }] of Object.entries(SCANS)) {
  const truth = text();
  const probe = createCanvas(10, 10).getContext('2d');
  const font = `${FONT_PX}px "DejaVu Sans", "Droid Sans Fallback"`;
  probe.font = font;
  const lines = truth.split('\n').flatMap((paragraph) => [...wrap((line) => probe.measureText(line).width, paragraph, cjk), '']);
  const canvas = createCanvas(WIDTH, 2 * MARGIN + lines.length * LINE_PX);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  context.font = font;
  context.direction = rtl ? 'rtl' : 'ltr';
  context.textAlign = rtl ? 'right' : 'left';
  lines.forEach((line, index) => context.fillText(line, rtl ? WIDTH - MARGIN : MARGIN, MARGIN + (index + 1) * LINE_PX));
  writeFileSync(join(HERE, `${code}.txt`), `${truth}\n`);
  writeFileSync(join(HERE, `${code}.png`), canvas.toBuffer('image/png'));
  process.stdout.write(`${code}: ${[...truth].length} characters, ${lines.length} lines\n`);
}
