/**
 * Legacy CJK encodings for text that is neither valid UTF-8 nor declared. Spreadsheets
 * and text files exported on Japanese, Chinese and Korean Windows are Shift-JIS, GBK,
 * Big5 or EUC; read as windows-1252 they become mojibake (`–¼‘O` for 名前).
 *
 * chardet alone is not enough: on a short CSV of names it ranks windows-1252 first
 * (confidence 20 against 10). The test here is structural. A candidate must decode the
 * bytes without a single error, the result must be mostly CJK, and most of its
 * double-byte characters must lie in the encoding's everyday region (kana, common
 * punctuation, level-1 kanji / hanzi / hangul). Western text fails one of the three:
 * an accented letter followed by a space or a digit is no valid double-byte sequence,
 * and the pairs it does form (`ü` + `r`) land in rare extension rows or private use.
 * chardet's frequency analysis only breaks ties between CJK candidates.
 */

type Region = readonly [from: number, to: number];

interface Candidate {
  /** WHATWG name, for TextDecoder. */
  readonly encoding: string;
  /** chardet's name for it. */
  readonly chardet: string;
  /** Bytes of the character starting at `i` (1 for ASCII). */
  readonly width: (bytes: Uint8Array, i: number) => number;
  /** Two-byte codes (lead << 8 | trail) of everyday text. */
  readonly common: readonly Region[];
  /** Single-byte (or 0x8E-prefixed) half-width katakana, common when it comes in runs. */
  readonly halfWidthKana?: (bytes: Uint8Array, i: number) => boolean;
}

const isSjisLead = (b: number) => (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);

const CANDIDATES: readonly Candidate[] = [
  {
    encoding: 'shift_jis',
    chardet: 'Shift_JIS',
    width: (bytes, i) => (isSjisLead(bytes[i]) ? 2 : 1),
    // Punctuation, full-width letters, hiragana, katakana; level-1 kanji.
    common: [
      [0x8140, 0x83ff],
      [0x889f, 0x9872],
    ],
    halfWidthKana: (bytes, i) => bytes[i] >= 0xa1 && bytes[i] <= 0xdf,
  },
  {
    encoding: 'euc-jp',
    chardet: 'EUC-JP',
    width: (bytes, i) => (bytes[i] === 0x8f ? 3 : bytes[i] >= 0x8e ? 2 : 1),
    common: [
      [0xa1a1, 0xa5ff],
      [0xb0a1, 0xcfd3],
    ],
    halfWidthKana: (bytes, i) => bytes[i] === 0x8e,
  },
  {
    encoding: 'gbk',
    chardet: 'GB18030',
    width: (bytes, i) => (bytes[i] < 0x81 ? 1 : bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39 ? 4 : 2),
    // Punctuation and full-width forms; GB2312 level-1 hanzi.
    common: [
      [0xa1a1, 0xa3fe],
      [0xb0a1, 0xd7f9],
    ],
  },
  {
    encoding: 'big5',
    chardet: 'Big5',
    width: (bytes, i) => (bytes[i] >= 0x81 ? 2 : 1),
    // Punctuation; the 5,401 frequently used hanzi.
    common: [
      [0xa140, 0xa3bf],
      [0xa440, 0xc67e],
    ],
  },
  {
    encoding: 'euc-kr',
    chardet: 'EUC-KR',
    width: (bytes, i) => (bytes[i] >= 0x81 ? 2 : 1),
    // Punctuation; the 2,350 KS X 1001 hangul syllables.
    common: [
      [0xa1a1, 0xa1fe],
      [0xb0a1, 0xc8fe],
    ],
  },
];

const SAMPLE_BYTES = 64 * 1024;
/** Share of non-ASCII characters that must be CJK (the rest: symbols such as ①, →, ※). */
const MIN_CJK_SHARE = 0.9;
/** Share of double-byte characters that must be everyday ones. */
const MIN_COMMON_SHARE = 0.6;
/** Candidates this close to the best are a tie, for chardet to break. */
const TIE = 0.05;

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\u30fb\u30fc\u203b\u2015\u2010\u2025\u2026\u2018\u2019\u201c\u201d\u00b4\u00a8\u00b0\u00b1\u00d7\u00f7\u00a7\u00b6\u25a0-\u25ff\u2190-\u21ff\u2460-\u24ff\u2500-\u257f\u2605\u2606\u3231\u3232\u3239\u32a4-\u32a8\u33a1\u2116\u2121\u2160-\u216b\u2170-\u217b]/u;

/** The legacy CJK encoding the bytes are in, or null when none fits (see above). */
export function detectLegacyCjk(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (!sample.some((byte) => byte >= 0x80)) return null;
  const scored: Array<{ candidate: Candidate; score: number }> = [];
  for (const candidate of CANDIDATES) {
    const text = decodeStrictly(candidate.encoding, sample, sample.length < bytes.length);
    if (text === null || !mostlyCjk(text)) continue;
    const score = commonShare(candidate, sample);
    if (score >= MIN_COMMON_SHARE) scored.push({ candidate, score });
  }
  if (scored.length === 0) return null;
  const best = Math.max(...scored.map(({ score }) => score));
  const tied = scored.filter(({ score }) => score >= best - TIE).map(({ candidate }) => candidate);
  return (tied.length === 1 ? tied[0] : breakTie(tied, sample)).encoding;
}

/** The text, or null when a single byte sequence is invalid (`stream`: the sample may end mid-character). */
function decodeStrictly(encoding: string, bytes: Uint8Array, stream: boolean): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream });
  } catch {
    return null;
  }
}

function mostlyCjk(text: string): boolean {
  let nonAscii = 0;
  let cjk = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) continue;
    nonAscii++;
    if (CJK.test(char)) cjk++;
  }
  return cjk >= 2 && cjk >= nonAscii * MIN_CJK_SHARE;
}

/** Share of the non-ASCII characters that are everyday ones for this encoding. */
function commonShare(candidate: Candidate, bytes: Uint8Array): number {
  let total = 0;
  let common = 0;
  let previousKana = false;
  for (let i = 0; i < bytes.length;) {
    const width = Math.min(candidate.width(bytes, i), bytes.length - i);
    if (width === 1 && bytes[i] < 0x80) {
      previousKana = false;
      i += 1;
      continue;
    }
    total++;
    const kana = candidate.halfWidthKana?.(bytes, i) ?? false;
    if (kana) {
      // Half-width katakana words are runs (ﾔﾏﾀﾞ); a lone one is more likely Western É or Ü.
      const nextKana = i + width < bytes.length && candidate.halfWidthKana!(bytes, i + width);
      if (previousKana || nextKana) common++;
    } else if (width === 2) {
      const code = (bytes[i] << 8) | bytes[i + 1];
      if (candidate.common.some(([from, to]) => code >= from && code <= to)) common++;
    }
    previousKana = kana;
    i += width;
  }
  return total === 0 ? 0 : common / total;
}

/** chardet's frequency analysis decides between structurally equal candidates; else the list order. */
function breakTie(tied: readonly Candidate[], sample: Uint8Array): Candidate {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
  const { analyse } = require('chardet') as typeof import('chardet');
  for (const match of analyse(sample)) {
    const candidate = tied.find(({ chardet }) => chardet === match.name);
    if (candidate) return candidate;
  }
  return tied[0];
}
