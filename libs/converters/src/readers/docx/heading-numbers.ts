import type { HeadingLevel } from '../../document';
import type { ParagraphListProperties } from './list-paragraphs';
import { type ListReference, NumberingDefinitions, attr, child } from './numbering-definitions';
import { W_NS } from './word-namespaces';

/** A paragraph Word shows as a heading that mammoth would not: its level and the number Word puts before it. */
export interface NumberedHeading {
  level: HeadingLevel;
  /** "1.2" from the level's w:lvlText; empty when the heading is not numbered. */
  label: string;
}

/** Style ids the reader gives rewritten headings; docx.reader.ts maps them to h1-h6. */
export const HEADING_STYLE_PREFIX = 'DocformatHeading';

/**
 * Headings numbered by a multilevel list ("1.2 Scope") and headings by outline level.
 * mammoth maps headings by style name only, and a heading paragraph with numbering
 * became a list item or a paragraph with its number lost. A paragraph is a heading
 * when its own w:outlineLvl, the style named by its list level (`w:lvl/w:pStyle`,
 * Word's "link level to style") or its paragraph style puts it in the outline; its
 * number is counted per abstract definition, each heading restarting the deeper levels.
 */
export class HeadingNumbers {
  private readonly counters = new Map<string, number[]>();

  constructor(private readonly definitions: NumberingDefinitions) {}

  /** The heading a paragraph is, when the reader must write it (undefined: mammoth's mapping is right). */
  heading(properties: ParagraphListProperties): NumberedHeading | undefined {
    const reference = this.definitions.reference(properties);
    const definition = reference && this.definitions.levelDefinition(reference);
    const linkedStyle = attr(child(definition, 'pStyle'), 'val');
    const own = properties.outlineLvl === undefined ? undefined : Number(properties.outlineLvl);
    const outline =
      own !== undefined && Number.isInteger(own)
        ? own
        : linkedStyle !== undefined
          ? this.definitions.styleOutlineLevel(linkedStyle)
          : properties.pStyle !== undefined
            ? this.definitions.styleOutlineLevel(properties.pStyle)
            : undefined;
    if (outline === undefined || outline < 0 || outline > 8) return undefined;
    const styled = properties.pStyle !== undefined && this.definitions.isHeadingStyle(properties.pStyle);
    if (!reference && styled) return undefined;
    // Outline levels 7-9 have no markdown heading: they stay at the deepest one.
    const level = Math.min(outline + 1, 6) as HeadingLevel;
    return { level, label: reference ? this.label(reference, definition) : '' };
  }

  private label(reference: ListReference, definition: ReturnType<NumberingDefinitions['levelDefinition']>): string {
    const depth = Number(reference.level) || 0;
    const { sequence, start } = this.definitions.level(reference);
    const values = this.counters.get(sequence) ?? [];
    values[depth] = values[depth] === undefined ? start : values[depth] + 1;
    values.length = depth + 1;
    this.counters.set(sequence, values);
    const legal = child(definition, 'isLgl') !== undefined;
    const template = attr(child(definition, 'lvlText'), 'val') ?? '';
    return template
      .replace(/%([1-9])/g, (_, digit: string) => {
        const at = Number(digit) - 1;
        const levelReference = { numId: reference.numId, level: String(at) };
        const value = values[at] ?? this.definitions.level(levelReference).start;
        const format = legal ? 'decimal' : (attr(child(this.definitions.levelDefinition(levelReference), 'numFmt'), 'val') ?? 'decimal');
        return formatNumber(value, format);
      })
      .trim();
  }
}

/** The paragraph properties and number run that replace a heading's w:pPr (see list-numbering.ts). */
export function headingXml(heading: NumberedHeading): string {
  const label = heading.label === '' ? '' : `<w:r xmlns:w="${W_NS}"><w:t xml:space="preserve">${escapeXml(heading.label)} </w:t></w:r>`;
  return `<w:pPr xmlns:w="${W_NS}"><w:pStyle w:val="${HEADING_STYLE_PREFIX}${heading.level}"/></w:pPr>${label}`;
}

/** w:numFmt values headings use; others fall back to decimal, which still orders them. */
function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'upperRoman':
      return roman(value);
    case 'lowerRoman':
      return roman(value).toLowerCase();
    case 'upperLetter':
      return letters(value);
    case 'lowerLetter':
      return letters(value).toLowerCase();
    case 'decimalZero':
      return String(value).padStart(2, '0');
    case 'none':
    case 'bullet':
      return '';
    default:
      return String(value);
  }
}

function roman(value: number): string {
  const numerals: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let out = '';
  for (const [size, numeral] of numerals) for (; rest >= size; rest -= size) out += numeral;
  return out;
}

/** Word's letters: A…Z, then AA, BB… (the letter repeated), not spreadsheet columns. */
function letters(value: number): string {
  if (value < 1) return '';
  return String.fromCharCode(65 + ((value - 1) % 26)).repeat(Math.floor((value - 1) / 26) + 1);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
