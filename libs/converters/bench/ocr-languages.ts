/**
 * OCR in the languages beyond English: reads each scan of `ocr/languages/` (a paragraph
 * of real text typeset at 300 dpi, see make-scans.ts there) through convertDocument with
 * `ocr: "force"` three ways: with its language's data, with English only, and with
 * `languages: ["auto"]`. Prints word F1 against the truth (characters for Chinese and
 * Japanese, which put no spaces between words), seconds per page, the language `auto`
 * picked (by the job's detectedLanguages) and the size of each language's data, which
 * is what it adds to the image. A report, not a gate.
 *
 *   npm run bench:ocr-languages
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { convertDocument } from '../src/convert';
import { traineddataFile } from '../src/ocr/languages';
import { terminateOcr } from '../src/ocr/ocr-engine';
import { bagCounts, f1 } from './metrics/bag-f1';
import { tokenize } from './metrics/tokens';
import { renderMarkdownTable, renderTextTable } from './ocr/report';

const SCANS = join(__dirname, 'ocr', 'languages');

/** Words, with each Han, Hiragana and Katakana character a token of its own. */
function ocrTokens(text: string): string[] {
  return tokenize(text).flatMap((token) =>
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(token)
      ? (token.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu) ??
        [])
      : [token],
  );
}

async function read(image: Buffer, languages: string[]): Promise<{ text: string; seconds: number; detected: string }> {
  const started = performance.now();
  const result = await convertDocument({
    bytes: image,
    fileName: 'scan.png',
    formats: ['text'],
    maxPages: 1,
    options: { ocr: 'force', languages },
  });
  const detected = result.detectedLanguages.map((language) => `${language.code} ${language.share}`).join(', ');
  return { text: String(result.outputs.text.body), seconds: (performance.now() - started) / 1000, detected };
}

async function main(): Promise<void> {
  const codes = readdirSync(SCANS)
    .filter((name) => name.endsWith('.png'))
    .map((name) => name.replace(/\.png$/, ''))
    .sort();
  const header = ['Scan', 'Data MB', 'Read with', 'Word F1', 's/page', 'detectedLanguages'];
  const rows: string[][] = [];
  for (const code of codes) {
    const image = readFileSync(join(SCANS, `${code}.png`));
    const truth = ocrTokens(readFileSync(join(SCANS, `${code}.txt`), 'utf8'));
    const data = traineddataFile(code);
    const size = data ? (statSync(data).size / 1e6).toFixed(1) : 'not installed';
    for (const languages of [[code], ['eng'], ['auto']]) {
      if (languages[0] === code && !data) continue;
      const { text, seconds, detected } = await read(image, languages);
      rows.push([code, size, languages.join('+'), f1(bagCounts(truth, ocrTokens(text))).toFixed(3), seconds.toFixed(1), detected]);
    }
  }
  process.stdout.write(renderTextTable(header, rows));
  process.stdout.write(`\n${renderMarkdownTable(header, rows)}`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => terminateOcr());
