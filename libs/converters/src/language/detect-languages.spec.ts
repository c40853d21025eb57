import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Block, IntermediateDocument } from '../document';
import { detectLanguages, languageShares } from './detect-languages';
import { languageDetector } from './language-detector';

/** The Debian test set of `npm run bench:languages` (bench/languages/SOURCES.md): real translations. */
const SET = join(__dirname, '../../bench/languages');

function paragraphs(code: string): string[] {
  return readFileSync(join(SET, `${code}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text);
}

const documentOf = (texts: string[]): IntermediateDocument => ({
  pages: 1,
  metadata: {},
  blocks: texts.map((text): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

describe('languageShares', () => {
  it('weighs languages by letters, leaves out those under a tenth and keeps three at most, largest first', () => {
    const shares = languageShares([
      { code: 'de', letters: 500 },
      { code: 'fr', letters: 200 },
      { code: 'de', letters: 100 },
      { code: 'it', letters: 110 },
      { code: 'es', letters: 105 },
      { code: 'en', letters: 50 },
      { code: null, letters: 35 },
    ]);
    expect(shares).toEqual([
      { code: 'de', share: 0.54 },
      { code: 'fr', share: 0.18 },
      { code: 'it', share: 0.1 },
    ]);
  });

  it('rounds down, so the shares never add up to more than 1', () => {
    const shares = languageShares([
      { code: 'de', letters: 555 },
      { code: 'fr', letters: 445 },
    ]);
    expect(shares).toEqual([
      { code: 'de', share: 0.55 },
      { code: 'fr', share: 0.44 },
    ]);
  });

  it('tells nothing of too little text', () => {
    expect(languageShares([{ code: 'de', letters: 30 }])).toEqual([]);
    expect(languageShares([])).toEqual([]);
  });
});

describe('detectLanguages on real translations (Debian manual pages)', () => {
  it('detects at least 95 % of each language of a subset of the test set right, and 98 % of all', async () => {
    const detect = await languageDetector();
    const codes = readdirSync(SET)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => name.replace(/\.jsonl$/, ''));
    expect(codes.length).toBeGreaterThanOrEqual(15);
    let right = 0;
    let total = 0;
    const perLanguage: Record<string, number> = {};
    for (const code of codes) {
      // Every third paragraph: a fixed third of the set.
      const subset = paragraphs(code).filter((_, index) => index % 3 === 0);
      const good = subset.filter((text) => detect(text) === code).length;
      perLanguage[code] = good / subset.length;
      right += good;
      total += subset.length;
    }
    expect(Object.entries(perLanguage).filter(([, share]) => share < 0.95)).toEqual([]);
    expect(right / total).toBeGreaterThanOrEqual(0.98);
  });

  it('gives the shares of a document in two languages', async () => {
    const german = paragraphs('de').slice(0, 12);
    const french = paragraphs('fr').slice(0, 4);
    const languages = await detectLanguages(documentOf([...german.slice(0, 6), ...french, ...german.slice(6)]));
    expect(languages.map((language) => language.code)).toEqual(['de', 'fr']);
    const [de, fr] = languages;
    expect(de.share).toBeGreaterThan(0.6);
    expect(fr.share).toBeGreaterThan(0.15);
    expect(de.share + fr.share).toBeLessThanOrEqual(1);
  });

  it('tells Chinese and Japanese apart, and gives nothing for a document without text', async () => {
    expect(await detectLanguages(documentOf(paragraphs('zh').slice(0, 3)))).toEqual([{ code: 'zh', share: expect.any(Number) }]);
    expect(await detectLanguages(documentOf(paragraphs('ja').slice(0, 3)))).toEqual([{ code: 'ja', share: expect.any(Number) }]);
    expect(await detectLanguages(documentOf([]))).toEqual([]);
  });
});
