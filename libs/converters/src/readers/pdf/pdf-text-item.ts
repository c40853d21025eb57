import type { ImagePlacement } from './page-images';
import type { Rule } from './page-rules';

/** One positioned run of text, in top-left page coordinates (points). */
export interface PdfTextItem {
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

/** A table as a page's tag tree declares it: rows of cells, each cell the MCIDs of its content (tagged-tables.ts). */
export interface TaggedTable {
  rows: Array<Array<{ header: boolean; mcids: number[]; rowSpan?: number; colSpan?: number }>>;
  /** Every cell of its rows is listed, empty ones too, with its spans: the file's own tree read in full (declared-tables.ts). */
  complete?: true;
}

export interface PdfPageText {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  items: PdfTextItem[];
  /** Ruling lines (table borders). */
  rules: Rule[];
  /** The tables the page's tag tree declares (tagged-tables.ts), when it is tagged. */
  taggedTables?: TaggedTable[];
  /** Share of the page (0-1) covered by its largest image: near 1 on a scanned page. */
  imageCoverage?: number;
  /** That image's resolution in dots per inch, when known. */
  imageDpi?: number;
  /** That image's place, when it is the page's only image and upright (what OCR can read as stored). */
  imagePlacement?: ImagePlacement;
  /** Set when the page puts no ink on the paper at all (page-ink.ts): there is nothing to read by OCR. */
  blank?: true;
}
