/** One positioned run of text, in top-left page coordinates (points). */
export interface TextItem {
  text: string;
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size in points. */
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** pdf.js ran its bidi algorithm and found right-to-left text (the string is in logical order). */
  rtl: boolean;
  /** The URL of a link annotation over this text. */
  href?: string;
  /** The marked-content id it was drawn in (tagged pages read from the operator list): what the tag tree points at. */
  mcid?: number;
  /**
   * Set in a monospaced font on a page typed as prose (typewriter-pages.ts): two
   * spaces there are a deliberate gap (columns aligned with spaces), not a word space.
   */
  typewriter?: boolean;
}

/**
 * A filled rectangle in top-left page coordinates, wider and taller than a rule: a
 * cell's or a row's shading, a highlight, a box behind text.
 */
export interface Fill {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A horizontal or vertical ruling line in top-left page coordinates. */
export interface Rule {
  horizontal: boolean;
  /** y of a horizontal rule, x of a vertical one. */
  at: number;
  from: number;
  to: number;
}

/** A table as a page's tag tree declares it: rows of cells, each cell the MCIDs of its content (tables/tagged-tables.ts). */
export interface TaggedTable {
  rows: Array<Array<{ header: boolean; mcids: number[]; rowSpan?: number; colSpan?: number }>>;
  /** Every cell of its rows is listed, empty ones too, with its spans: the file's own tree read in full (readers/pdf/declared-tables.ts). */
  complete?: true;
  /** Set on a table the file declares over more than one page: the same on each page's part (readers/pdf/page-tags.ts). */
  part?: string;
}

/**
 * One page's positioned text, what the layout reads: a PDF page's text layer
 * (readers/pdf/pdf-page-text.ts) or the words OCR recognised on a page or an image.
 */
export interface PageText {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  items: TextItem[];
  /** Ruling lines (table borders). */
  rules: Rule[];
  /** Filled rectangles (cell shading); absent where the page has no drawing (OCR). */
  fills?: Fill[];
  /** The tables the page's tag tree declares (tables/tagged-tables.ts), when it is tagged. */
  taggedTables?: TaggedTable[];
}
