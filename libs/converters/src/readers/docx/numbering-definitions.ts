import type { Document, Element } from '@xmldom/xmldom';
import { xmlChildrenNS } from '../office/office-xml';
import type { ParagraphListProperties } from './list-paragraphs';
import { W_NS } from './word-namespaces';

/** One level of a list as Word shows it: its first number and whether it counts at all. */
export interface ListLevel {
  start: number;
  ordered: boolean;
  /**
   * What Word counts on: the abstract definition. List instances (w:num) that share
   * one continue each other's numbers unless an instance restarts the level.
   */
  sequence: string;
  /** The instance restarts this level (w:startOverride, or an overriding w:lvl). */
  restarts: boolean;
}

/** A paragraph's list membership: the list instance (w:num) and the level in it. */
export interface ListReference {
  numId: string;
  level: string;
}

/**
 * The list definitions of `word/numbering.xml` and the list references of the
 * paragraph styles in `word/styles.xml`, resolved the way Word shows them. mammoth
 * reads only the abstract definition's level, so it misses what a w:num overrides:
 * LibreOffice writes nested bullets as w:lvlOverride/w:lvl of a numbered definition,
 * and pandoc restarts each list with w:startOverride.
 */
export class NumberingDefinitions {
  private readonly nums = new Map<string, Element>();
  private readonly abstracts = new Map<string, Element>();
  private readonly styles = new Map<string, Element>();

  constructor(numbering: Document | undefined, styles: Document | undefined) {
    if (numbering) for (const num of xmlChildrenNS(numbering.documentElement!, W_NS, 'num')) this.nums.set(attr(num, 'numId') ?? '', num);
    if (numbering)
      for (const abstract of xmlChildrenNS(numbering.documentElement!, W_NS, 'abstractNum'))
        this.abstracts.set(attr(abstract, 'abstractNumId') ?? '', abstract);
    if (styles)
      for (const style of xmlChildrenNS(styles.documentElement!, W_NS, 'style')) this.styles.set(attr(style, 'styleId') ?? '', style);
  }

  /** The list a paragraph belongs to: its own w:numPr, else its style's (basedOn followed). */
  reference(paragraph: ParagraphListProperties): ListReference | undefined {
    const inherited = paragraph.pStyle === undefined ? undefined : this.styleNumbering(paragraph.pStyle);
    const numId = paragraph.numId ?? inherited?.numId;
    // numId 0 is Word's explicit "not in a list" (it overrides the style's list).
    if (numId === undefined || numId === '0' || !this.nums.has(numId)) return undefined;
    return { numId, level: paragraph.ilvl ?? inherited?.level ?? '0' };
  }

  /** First number and kind of a level: the w:num's overrides win over the definition. */
  level({ numId, level }: ListReference): ListLevel {
    const num = this.nums.get(numId);
    const override = num && xmlChildrenNS(num, W_NS, 'lvlOverride').find((candidate) => attr(candidate, 'ilvl') === level);
    const overridden = override && child(override, 'lvl');
    const abstractId = this.abstractId(num, 0);
    const base =
      abstractId === undefined
        ? undefined
        : xmlChildrenNS(this.abstracts.get(abstractId)!, W_NS, 'lvl').find((candidate) => attr(candidate, 'ilvl') === level);
    const restart = attr(child(override, 'startOverride'), 'val') ?? attr(child(overridden, 'start'), 'val');
    const start = Number(restart ?? attr(child(base, 'start'), 'val') ?? '1');
    const format = attr(child(overridden, 'numFmt'), 'val') ?? attr(child(base, 'numFmt'), 'val') ?? 'decimal';
    return {
      start: Number.isInteger(start) && start >= 0 ? start : 1,
      // "none" shows no number at all: an indented paragraph, closer to a bullet than to "1.".
      ordered: format !== 'bullet' && format !== 'none',
      sequence: abstractId ?? `num ${numId}`,
      restarts: restart !== undefined,
    };
  }

  /** The w:lvl that defines a level as shown: the w:num's overriding one, else the abstract definition's. */
  levelDefinition({ numId, level }: ListReference): Element | undefined {
    const num = this.nums.get(numId);
    const override = num && xmlChildrenNS(num, W_NS, 'lvlOverride').find((candidate) => attr(candidate, 'ilvl') === level);
    const abstractId = this.abstractId(num, 0);
    const abstract = abstractId === undefined ? undefined : this.abstracts.get(abstractId);
    return (
      child(override, 'lvl') ?? (abstract && xmlChildrenNS(abstract, W_NS, 'lvl').find((candidate) => attr(candidate, 'ilvl') === level))
    );
  }

  /**
   * The outline level (0 = top) a paragraph style gives, as Word's navigation pane
   * shows it: a built-in "heading N" style, else w:outlineLvl (basedOn followed).
   * Level 9 is body text: undefined.
   */
  styleOutlineLevel(styleId: string): number | undefined {
    let style = this.styles.get(styleId);
    for (let depth = 0; style && depth < 10; depth++) {
      const heading = /^heading ([1-9])$/i.exec(attr(child(style, 'name'), 'val') ?? '');
      if (heading) return Number(heading[1]) - 1;
      const outline = Number(attr(child(child(style, 'pPr'), 'outlineLvl'), 'val'));
      if (Number.isInteger(outline)) return outline >= 0 && outline < 9 ? outline : undefined;
      style = this.styles.get(attr(child(style, 'basedOn'), 'val') ?? '');
    }
    return undefined;
  }

  /** A style mammoth already maps to a heading by name ("heading 1" to "heading 6"). */
  isHeadingStyle(styleId: string): boolean {
    return /^heading [1-6]$/i.test(attr(child(this.styles.get(styleId), 'name'), 'val') ?? '');
  }

  /** The num's abstract definition, through w:numStyleLink indirections. */
  private abstractId(num: Element | undefined, depth: number): string | undefined {
    const id = attr(child(num, 'abstractNumId'), 'val');
    const abstract = id === undefined ? undefined : this.abstracts.get(id);
    if (!abstract || depth > 4) return undefined;
    const link = attr(child(abstract, 'numStyleLink'), 'val');
    if (link === undefined) return id;
    const linked = this.styleNumbering(link);
    return linked && this.abstractId(this.nums.get(linked.numId), depth + 1);
  }

  private styleNumbering(styleId: string): ListReference | undefined {
    // basedOn chains are short; the bound only stops a cycle in a damaged file.
    let style = this.styles.get(styleId);
    for (let depth = 0; style && depth < 10; depth++) {
      const numPr = child(child(style, 'pPr'), 'numPr');
      const numId = attr(child(numPr, 'numId'), 'val');
      if (numId !== undefined) return { numId, level: attr(child(numPr, 'ilvl'), 'val') ?? '0' };
      style = this.styles.get(attr(child(style, 'basedOn'), 'val') ?? '');
    }
    return undefined;
  }
}

export function child(element: Element | undefined, name: string): Element | undefined {
  return element && xmlChildrenNS(element, W_NS, name)[0];
}

export function attr(element: Element | undefined, name: string): string | undefined {
  const value = element?.getAttributeNS(W_NS, name);
  return value === null || value === undefined || value === '' ? undefined : value;
}
