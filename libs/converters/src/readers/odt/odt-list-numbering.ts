import type { Element } from '@xmldom/xmldom';
import { xmlChildren } from '../office/office-xml';
import { TEXT_NS, XML_NS } from './odt-namespaces';
import type { OdtStyles } from './odt-styles';

/**
 * The current number of each level (1-based) of one list. Lists that continue another
 * share its counters, so "3." after a code block that split the list stays "3.".
 */
export type ListCounters = Map<number, number>;

/**
 * ODF list numbering (ODF 1.2/1.3 §5.3, §19.880, §19.881). A top-level `text:list`
 * starts new counters unless it continues another list: the one whose `xml:id` its
 * `text:continue-list` names, or, with `text:continue-numbering="true"` and no
 * `text:continue-list`, the last list with the same list style (what LibreOffice
 * does). Nested lists count with their top-level list. An item's `text:start-value`
 * restarts its level at that value; a level nothing has counted yet starts at its
 * list style's `text:start-value`. Every item restarts the levels below its own, so
 * the sub-list under a new item starts again.
 */
export class OdtListNumbering {
  private readonly byId = new Map<string, ListCounters>();
  private readonly byStyle = new Map<string, ListCounters>();

  constructor(private readonly styles: OdtStyles) {}

  /** The counters a top-level `text:list` numbers its items with; it is remembered for the lists that continue it. */
  countersFor(list: Element, style: string | undefined): ListCounters {
    const continued = list.getAttributeNS(TEXT_NS, 'continue-list');
    let counters: ListCounters | undefined;
    if (continued) counters = this.byId.get(continued);
    else if (list.getAttributeNS(TEXT_NS, 'continue-numbering') === 'true' && style) counters = this.byStyle.get(style);
    counters ??= new Map();
    const id = list.getAttributeNS(XML_NS, 'id') || list.getAttribute('xml:id');
    if (id) this.byId.set(id, counters);
    if (style) this.byStyle.set(style, counters);
    return counters;
  }

  /**
   * The number of a `text:list-item` at `level`, or undefined when the item shows no
   * label: a list header, or an item that holds only a nested list (ODF displays no
   * label for it and it does not advance the count).
   */
  next(counters: ListCounters, item: Element, style: string | undefined, level: number): number | undefined {
    if (item.localName !== 'list-item' || !hasOwnText(item)) return undefined;
    for (const deeper of Array.from(counters.keys())) if (deeper > level) counters.delete(deeper);
    const explicit = item.getAttributeNS(TEXT_NS, 'start-value');
    const restart = explicit ? Number(explicit) : NaN;
    const previous = counters.get(level);
    let value: number;
    if (Number.isInteger(restart) && restart >= 0) value = restart;
    else value = previous === undefined ? this.styles.startValue(style, level) : previous + 1;
    counters.set(level, value);
    return value;
  }
}

/** Whether the item starts with its own paragraph (or heading, table…) rather than with a nested list. */
export function hasOwnText(item: Element): boolean {
  const first = xmlChildren(item).find((child) => !(child.namespaceURI === TEXT_NS && child.localName === 'soft-page-break'));
  return !(first?.namespaceURI === TEXT_NS && first.localName === 'list');
}
