/** A text's language as an ISO 639-1 code, or null when the detector tells none. */
export type LanguageDetector = (text: string) => string | null;

/**
 * The languages detection tells apart, by franc's code (ISO 639-3): their ISO 639-1 code
 * and the name of Tesseract's data for them (what OCR's `languages: ["auto"]` reads a
 * page with, when installed). The 57 of the 60 languages eld detects that franc knows:
 * franc alone weighs 187, and on the Debian test set it took Danish for Norwegian
 * Nynorsk, Portuguese for Galician and Dutch for Afrikaans often enough to miss 95 % on
 * some languages; among these it misses no language's 95 % (`npm run bench:languages`).
 */
export const LANGUAGES: Readonly<Record<string, { code: string; tesseract: string }>> = {
  amh: { code: 'am', tesseract: 'amh' },
  arb: { code: 'ar', tesseract: 'ara' },
  azj: { code: 'az', tesseract: 'aze' },
  bel: { code: 'be', tesseract: 'bel' },
  ben: { code: 'bn', tesseract: 'ben' },
  bul: { code: 'bg', tesseract: 'bul' },
  cat: { code: 'ca', tesseract: 'cat' },
  ces: { code: 'cs', tesseract: 'ces' },
  ckb: { code: 'ku', tesseract: 'ckb' },
  cmn: { code: 'zh', tesseract: 'chi_sim' },
  dan: { code: 'da', tesseract: 'dan' },
  deu: { code: 'de', tesseract: 'deu' },
  ekk: { code: 'et', tesseract: 'est' },
  ell: { code: 'el', tesseract: 'ell' },
  eng: { code: 'en', tesseract: 'eng' },
  fin: { code: 'fi', tesseract: 'fin' },
  fra: { code: 'fr', tesseract: 'fra' },
  guj: { code: 'gu', tesseract: 'guj' },
  heb: { code: 'he', tesseract: 'heb' },
  hin: { code: 'hi', tesseract: 'hin' },
  hrv: { code: 'hr', tesseract: 'hrv' },
  hun: { code: 'hu', tesseract: 'hun' },
  hye: { code: 'hy', tesseract: 'hye' },
  ita: { code: 'it', tesseract: 'ita' },
  jpn: { code: 'ja', tesseract: 'jpn' },
  kan: { code: 'kn', tesseract: 'kan' },
  kat: { code: 'ka', tesseract: 'kat' },
  kor: { code: 'ko', tesseract: 'kor' },
  lao: { code: 'lo', tesseract: 'lao' },
  lit: { code: 'lt', tesseract: 'lit' },
  lvs: { code: 'lv', tesseract: 'lav' },
  mal: { code: 'ml', tesseract: 'mal' },
  mar: { code: 'mr', tesseract: 'mar' },
  nld: { code: 'nl', tesseract: 'nld' },
  nob: { code: 'no', tesseract: 'nor' },
  pan: { code: 'pa', tesseract: 'pan' },
  pes: { code: 'fa', tesseract: 'fas' },
  pol: { code: 'pl', tesseract: 'pol' },
  por: { code: 'pt', tesseract: 'por' },
  ron: { code: 'ro', tesseract: 'ron' },
  rus: { code: 'ru', tesseract: 'rus' },
  slk: { code: 'sk', tesseract: 'slk' },
  slv: { code: 'sl', tesseract: 'slv' },
  spa: { code: 'es', tesseract: 'spa' },
  als: { code: 'sq', tesseract: 'sqi' },
  srp: { code: 'sr', tesseract: 'srp' },
  swe: { code: 'sv', tesseract: 'swe' },
  tam: { code: 'ta', tesseract: 'tam' },
  tel: { code: 'te', tesseract: 'tel' },
  tgl: { code: 'tl', tesseract: 'tgl' },
  tha: { code: 'th', tesseract: 'tha' },
  tur: { code: 'tr', tesseract: 'tur' },
  ukr: { code: 'uk', tesseract: 'ukr' },
  urd: { code: 'ur', tesseract: 'urd' },
  vie: { code: 'vi', tesseract: 'vie' },
  yor: { code: 'yo', tesseract: 'yor' },
  zlm: { code: 'ms', tesseract: 'msa' },
};

let loading: Promise<LanguageDetector> | undefined;

/**
 * The detector, loaded on first use and kept by the thread: franc (trigrams, 0.3 MB;
 * in a worker thread ~4 MB of heap and ~40 ms to load, where eld, a little more
 * accurate, held ~29 MB of heap and ~75 MB more RSS). It is ES modules only: a native
 * import() in the compiled CommonJS (under Jest, swc compiles it, see jest.config.js).
 */
export function languageDetector(): Promise<LanguageDetector> {
  loading ??= (async () => {
    const { franc } = await import('franc');
    const only = Object.keys(LANGUAGES);
    return (text: string) => LANGUAGES[franc(text, { only })]?.code ?? null;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
