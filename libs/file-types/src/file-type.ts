/** Bytes expected at a fixed offset; a string means its ASCII bytes. */
export interface MagicPattern {
  readonly at: number;
  readonly bytes: string | readonly number[];
}

/** One way the first bytes give a type away: all patterns match. */
export interface MagicSignature {
  readonly patterns: readonly MagicPattern[];
  /** Look for the (single) pattern anywhere in the first N bytes instead of at its offset. */
  readonly searchWithin?: number;
}

/**
 * One file type, as data: what it is called and how to recognise it. Readers declare
 * the types they accept this way (a reader folder's manifest), so a new type is one
 * declaration beside its reader, never code here.
 */
export interface FileType {
  /** MIME types it goes by, lower case; the first is its name. */
  readonly mimeTypes: readonly string[];
  /** File extensions, lower case, without the dot; the first is its usual one. */
  readonly extensions: readonly string[];
  /** Magic numbers at the start of the file. */
  readonly magic?: readonly MagicSignature[];
  /**
   * A ZIP-based type (OOXML, ODF, EPUB). `entries`: entry-name prefixes that give it
   * away (`word/`); ODF and EPUB need none: they name their type in a stored `mimetype`
   * entry. A plain ZIP named or served as this type is taken as this type.
   */
  readonly zip?: { readonly entries: readonly string[] };
  /**
   * A type stored in an OLE2 compound file (legacy Office, Outlook). `streams`: stream
   * names that give it away. A compound file named or served as this type is taken as it.
   */
  readonly cfb?: { readonly streams: readonly string[] };
}
