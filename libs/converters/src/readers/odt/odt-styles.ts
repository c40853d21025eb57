import type { Document, Element } from '@xmldom/xmldom';
import { FO_NS, STYLE_NS, TEXT_NS } from './odt-namespaces';

interface ListLevel {
  ordered: boolean;
  /** `text:start-value` of a number level: where the level counts from. */
  start: number;
}

interface StyleInfo {
  parent?: string;
  bold?: boolean;
  italic?: boolean;
}

export interface TextFormat {
  bold: boolean;
  italic: boolean;
}

/**
 * What the ODT reader needs from the styles: whether a span is bold or italic,
 * whether a paragraph is the document title, and whether a list level is numbered
 * and from which number.
 * ODF puts all of this in named styles (automatic ones in content.xml, the rest in
 * styles.xml) that inherit through `style:parent-style-name`.
 */
export class OdtStyles {
  private readonly styles = new Map<string, StyleInfo>();
  private readonly lists = new Map<string, Map<number, ListLevel>>();

  constructor(documents: readonly Document[]) {
    for (const document of documents) {
      for (const style of Array.from(document.getElementsByTagNameNS(STYLE_NS, 'style'))) this.addStyle(style);
      for (const list of Array.from(document.getElementsByTagNameNS(TEXT_NS, 'list-style'))) this.addListStyle(list);
    }
  }

  textFormat(name: string | null): TextFormat {
    return { bold: this.inherited(name, 'bold') ?? false, italic: this.inherited(name, 'italic') ?? false };
  }

  /** Pandoc, LibreOffice and Word all give the title paragraph the "Title" style. */
  isTitle(name: string | null): boolean {
    for (const style of this.chain(name)) if (style === 'Title') return true;
    return false;
  }

  /** Numbered or bulleted at `level` (1-based); bullets when the style is unknown. */
  isOrdered(listStyle: string | undefined, level: number): boolean {
    if (!listStyle) return false;
    return this.lists.get(listStyle)?.get(level)?.ordered ?? false;
  }

  /** The number a list level starts from when nothing continues or restarts it (ODF's default is 1). */
  startValue(listStyle: string | undefined, level: number): number {
    return (listStyle ? this.lists.get(listStyle)?.get(level)?.start : undefined) ?? 1;
  }

  private addStyle(style: Element): void {
    const name = style.getAttributeNS(STYLE_NS, 'name');
    if (!name) return;
    const props = Array.from(style.getElementsByTagNameNS(STYLE_NS, 'text-properties'))[0];
    const weight = props?.getAttributeNS(FO_NS, 'font-weight');
    const fontStyle = props?.getAttributeNS(FO_NS, 'font-style');
    this.styles.set(name, {
      parent: style.getAttributeNS(STYLE_NS, 'parent-style-name') ?? undefined,
      bold: weight ? weight === 'bold' || Number(weight) >= 600 : undefined,
      italic: fontStyle ? fontStyle === 'italic' || fontStyle === 'oblique' : undefined,
    });
  }

  private addListStyle(list: Element): void {
    const name = list.getAttributeNS(STYLE_NS, 'name');
    if (!name) return;
    const levels = new Map<number, ListLevel>();
    for (const level of Array.from(list.childNodes)) {
      const element = level as Element;
      if (element.nodeType !== 1 || element.namespaceURI !== TEXT_NS) continue;
      const number = Number(element.getAttributeNS(TEXT_NS, 'level') ?? '1');
      // A number style with an empty format ("") shows no number: treat it as a bullet.
      const format = element.getAttributeNS(STYLE_NS, 'num-format');
      const start = Number(element.getAttributeNS(TEXT_NS, 'start-value') || '1');
      levels.set(number, {
        ordered: element.localName === 'list-level-style-number' && format !== '',
        start: Number.isInteger(start) && start >= 0 ? start : 1,
      });
    }
    this.lists.set(name, levels);
  }

  private inherited(name: string | null, key: 'bold' | 'italic'): boolean | undefined {
    for (const style of this.chain(name)) {
      const value = this.styles.get(style)?.[key];
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** The style and its ancestors; the depth limit guards against inheritance loops. */
  private *chain(name: string | null): Generator<string> {
    let current: string | undefined = name ?? undefined;
    for (let depth = 0; current && depth < 32; depth++) {
      yield current;
      current = this.styles.get(current)?.parent;
    }
  }
}
