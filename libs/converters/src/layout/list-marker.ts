/** A list marker at the start of a line, and the text after it. */
export interface ListMarker {
  ordered: boolean;
  /** The number of a numbered marker ("3." → 3); letters and roman numerals have none. */
  number?: number;
  rest: string;
}

// Bullets as fonts really encode them, including the Symbol/Wingdings private-use code points.
const BULLET = /^([•◦▪▫‣∙·○●■□►▸➢✓–—*\-\uf0b7\uf0a7\uf076\uf0d8\uf0fc])\s+(\S.*)$/u;
const ORDERED = /^(\d{1,3}|[a-z]|[ivx]{1,5})([.)])\s+(\S.*)$/i;

export function listMarker(text: string): ListMarker | undefined {
  const bullet = BULLET.exec(text);
  if (bullet) return { ordered: false, rest: bullet[2] };
  const ordered = ORDERED.exec(text);
  if (!ordered) return undefined;
  const number = /^\d+$/.test(ordered[1]) ? Number(ordered[1]) : undefined;
  return { ordered: true, ...(number === undefined ? {} : { number }), rest: ordered[3] };
}
