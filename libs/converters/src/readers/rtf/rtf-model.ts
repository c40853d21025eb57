/** What the RTF interpreter hands to the block builder: paragraphs and table marks, in order. */
export interface RtfRun {
  text: string;
  bold: boolean;
  italic: boolean;
  link?: string;
  /** A line break (`\line`) rather than text. */
  lineBreak?: boolean;
}

export interface RtfParagraph {
  kind: 'paragraph';
  runs: RtfRun[];
  /** Text of `{\listtext}` / `{\pntext}`: the list marker Word wrote out. */
  marker?: string;
  style: number;
  /** `\outlinelevelN` (0 = heading 1). */
  outline?: number;
  /** `\ilvlN`: list nesting (0 = top). */
  listLevel?: number;
  /** `\liN` left indent in twips: pandoc's only hint at list nesting. */
  indent: number;
  inTable: boolean;
}

export type RtfItem = RtfParagraph | { kind: 'cell' } | { kind: 'row'; header: boolean };

export interface RtfStyle {
  name: string;
  outline?: number;
}

export interface RtfInfo {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  comment?: string;
  generator?: string;
  created?: string;
  revised?: string;
}

export interface RtfContent {
  items: RtfItem[];
  /** Footnotes, each as its paragraphs, in citation order. */
  notes: RtfParagraph[][];
  styles: Map<number, RtfStyle>;
  info: RtfInfo;
}
