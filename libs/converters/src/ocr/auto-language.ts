import { OCR_LANGUAGES_AUTO } from '@docformat/contracts';
import { languageShares, countLetters } from '../language/detect-languages';
import { LANGUAGES, languageDetector } from '../language/language-detector';
import { SEGMENT_MAX_CHARS } from '../language/text-sample';
import { installedOcrLanguages } from './languages';

/** `format.languages: ["auto"]`: each page's language data is picked among the installed ones. */
export function isAutoLanguages(languages: readonly string[]): boolean {
  return languages.length === 1 && languages[0] === OCR_LANGUAGES_AUTO;
}

/** Tesseract's data for each language the detector tells, by its ISO 639-1 code. */
const TESSERACT_CODES: ReadonlyMap<string, string> = new Map(Object.values(LANGUAGES).map(({ code, tesseract }) => [code, tesseract]));

/**
 * The languages written in each script Tesseract's orientation and script detection
 * names, most used first: for a page the first reading could not read (it is not in the
 * Latin script), the first of them that is installed is read with.
 */
const SCRIPT_LANGUAGES: Record<string, readonly string[]> = {
  Arabic: ['ara', 'fas', 'urd'],
  Armenian: ['hye'],
  Bengali: ['ben'],
  Cyrillic: ['rus', 'ukr', 'bul', 'srp', 'bel'],
  Devanagari: ['hin', 'mar'],
  Georgian: ['kat'],
  Greek: ['ell'],
  Gujarati: ['guj'],
  Gurmukhi: ['pan'],
  Han: ['chi_sim', 'chi_tra', 'jpn'],
  Hangul: ['kor'],
  Hebrew: ['heb'],
  Japanese: ['jpn'],
  Kannada: ['kan'],
  Malayalam: ['mal'],
  Tamil: ['tam'],
  Telugu: ['tel'],
  Thai: ['tha'],
};

/** What the first reading is made with: English reads every Latin letter, and most pages are in Latin script. */
export function firstPassLanguage(): string {
  const installed = installedOcrLanguages();
  return installed.includes('eng') ? 'eng' : (installed[0] ?? 'eng');
}

/**
 * The installed language to read a page again with: when orientation detection named a
 * script other than Latin (asked when the first reading was mostly fragments), that
 * script's first installed language; else the language the detector tells of the words
 * the first reading found (the largest share of their letters). Null when the first
 * reading's language is as good as any installed (or none is told).
 */
export async function pickPageLanguage(words: readonly string[], script: string | null | undefined, first: string): Promise<string | null> {
  const installed = installedOcrLanguages();
  const scriptLanguage = script && script !== 'Latin' ? SCRIPT_LANGUAGES[script]?.find((code) => installed.includes(code)) : undefined;
  if (scriptLanguage) return scriptLanguage === first ? null : scriptLanguage;
  const told = await textLanguage(words.join(' '));
  const code = told ? TESSERACT_CODES.get(told) : undefined;
  return code && code !== first && installed.includes(code) ? code : null;
}

/** The language of most of a page's text, or null. */
async function textLanguage(text: string): Promise<string | null> {
  const slices: string[] = [];
  for (let start = 0; start < text.length && slices.length < 4; start += SEGMENT_MAX_CHARS) {
    slices.push(text.slice(start, start + SEGMENT_MAX_CHARS));
  }
  if (slices.length === 0) return null;
  const detect = await languageDetector();
  const [top] = languageShares(slices.map((slice) => ({ code: detect(slice), letters: countLetters(slice) })));
  return top?.code ?? null;
}
