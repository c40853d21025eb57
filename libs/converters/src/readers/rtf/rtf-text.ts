import { decodeText } from '@docformat/file-types';

/** `\fcharsetN` → the Windows code page its bytes are in (0, ANSI, defers to \ansicpg). */
const CHARSET_CODE_PAGES: Record<number, number> = {
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

export function charsetCodePage(charset: number): number | undefined {
  return CHARSET_CODE_PAGES[charset];
}

/** Windows code page number → WHATWG encoding label. */
function encodingLabel(codePage: number): string {
  if (codePage === 65001) return 'utf-8';
  if (codePage >= 1250 && codePage <= 1258) return `windows-${codePage}`;
  if (codePage >= 28591 && codePage <= 28606) return `iso-8859-${codePage - 28590}`;
  const named: Record<number, string> = {
    874: 'windows-874',
    932: 'shift_jis',
    936: 'gbk',
    949: 'euc-kr',
    950: 'big5',
    866: 'ibm866',
    10000: 'macintosh',
    20866: 'koi8-r',
    21866: 'koi8-u',
  };
  return named[codePage] ?? 'windows-1252';
}

/**
 * Bytes from `\'hh` escapes or raw 8-bit text, decoded with @docformat/file-types' decoder (it
 * maps windows-1252 by hand where Node's TextDecoder is wrong); pure ASCII is as is.
 */
export function decodeCodePage(bytes: string, codePage: number): string {
  if (!/[\x80-\xff]/.test(bytes)) return bytes;
  return decodeText(Buffer.from(bytes, 'latin1'), `text/plain; charset=${encodingLabel(codePage)}`);
}

/** Control words that stand for one character. */
export const SYMBOLS: Record<string, string> = {
  bullet: '\u2022',
  endash: '\u2013',
  emdash: '\u2014',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  '~': '\u00a0',
  _: '\u2011',
  tab: '\t',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
};
