import type { RtfInfo } from './rtf-model';

/** Groups that hold no body text (lookup tables, page furniture, embedded objects, comments). */
export const SKIPPED_DESTINATIONS = new Set([
  'colortbl',
  'filetbl',
  'revtbl',
  'rsidtbl',
  'listtable',
  'listoverridetable',
  'xmlnstbl',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'pgdsctbl',
  'object',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'annotation',
  'atnid',
  'atnauthor',
  'nonshppict',
  'pn',
  'txe',
  'xe',
  'tc',
  'template',
  'ftnsep',
  'ftnsepc',
  'aftnsep',
  'aftnsepc',
  'userprops',
  'docvar',
  'bkmkstart',
  'bkmkend',
  'falt',
  'panose',
  'fname',
]);
export const INFO_FIELDS: Record<string, keyof RtfInfo> = {
  title: 'title',
  author: 'author',
  subject: 'subject',
  keywords: 'keywords',
  doccomm: 'comment',
  generator: 'generator',
};
/** `\\ansi`, `\\mac`, `\\pc`, `\\pca`: the character set words and their code pages. */
export const CHARSET_WORDS: Record<string, number> = { ansi: 1252, mac: 10000, pc: 437, pca: 850 };

/** `HYPERLINK "https://…"` → the URL; `HYPERLINK \l "bookmark"` points inside the document. */
export function hyperlinkTarget(instruction: string | undefined): string | undefined {
  const match = /^\s*HYPERLINK\s+(\\l\s+)?(?:"([^"]*)"|(\S+))/i.exec(instruction ?? '');
  if (!match || match[1]) return undefined;
  const target = (match[2] ?? match[3] ?? '').trim();
  return target === '' ? undefined : target;
}

/** `\creatim\yr2024\mo3\dy15\hr10\min5` → ISO. RTF times carry no zone; read as UTC. */
export function rtfDate(parts: Record<string, number>): string | undefined {
  const { yr, mo = 1, dy = 1, hr = 0, min = 0 } = parts;
  if (!yr || yr < 1000) return undefined;
  const date = new Date(Date.UTC(yr, mo - 1, dy, hr, min));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
