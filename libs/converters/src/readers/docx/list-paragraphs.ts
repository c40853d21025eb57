import { W_NS } from './word-namespaces';

/** What a paragraph's own properties (w:pPr) say about lists, named as the elements. */
export interface ParagraphListProperties {
  numId?: string;
  ilvl?: string;
  /** The paragraph style, which may put it in a list. */
  pStyle?: string;
  /** Its own outline level (0-8, 9 is body text): a heading without a heading style. */
  outlineLvl?: string;
}

/** One paragraph of the main document, in document order (by its start tag). */
export interface ScannedParagraph {
  properties: ParagraphListProperties;
  /** Offset just after the paragraph's w:pPr (or its start tag): where a marker goes. */
  insertAt: number;
  /** Offset of the paragraph's w:pPr start tag, when it has one: with insertAt, the span a rewrite replaces. */
  propertiesAt?: number;
}

/** Comments, CDATA, processing instructions and doctype, or an element tag (attribute values may hold ">"). */
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][^>]*>|<(\/?)(?:([\w.-]+):)?([\w.-]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

/**
 * The paragraphs of `word/document.xml` with their list properties, read by a tag
 * scanner rather than a DOM: mammoth parses the same part with xmldom right after,
 * and on a long document a second xmldom parse took about half as long as mammoth's
 * whole conversion (the scan, a tenth of that). The part is machine-written XML.
 * Undefined when the WordprocessingML namespace is not declared on the root (Strict
 * OOXML, or not a Word part) or tags do not nest: the caller then leaves it as it is.
 */
export function scanParagraphs(xml: string): ScannedParagraph[] | undefined {
  const paragraphs: ScannedParagraph[] = [];
  const stack: { name: string; paragraph?: ScannedParagraph }[] = [];
  let prefix: string | undefined;
  for (const match of xml.matchAll(TOKEN)) {
    const [token, closing, tagPrefix = '', local, attributes = '', selfClosing] = match;
    if (local === undefined) continue;
    if (prefix === undefined) {
      prefix = prefixOf(attributes);
      if (prefix === undefined) return undefined;
    }
    const end = (match.index ?? 0) + token.length;
    const name = tagPrefix === prefix ? local : `${tagPrefix}:${local}`;
    if (closing) {
      const open = stack.pop();
      if (name === 'pPr' && stack.at(-1)?.name === 'p') stack.at(-1)!.paragraph!.insertAt = end;
      if (open?.name !== name) return undefined;
      continue;
    }
    const properties = listProperties(stack, name);
    if (properties) properties[name as keyof ParagraphListProperties] = attributeValue(attributes, `${prefix}:val`);
    if (selfClosing) continue;
    if (name === 'pPr' && stack.at(-1)?.name === 'p') stack.at(-1)!.paragraph!.propertiesAt = match.index ?? 0;
    const opened: (typeof stack)[number] = { name };
    if (name === 'p') {
      opened.paragraph = { properties: {}, insertAt: end };
      paragraphs.push(opened.paragraph);
    }
    stack.push(opened);
  }
  return stack.length === 0 ? paragraphs : undefined;
}

const PROPERTY_PARENT: Readonly<Record<string, string[]>> = {
  pStyle: ['p', 'pPr'],
  outlineLvl: ['p', 'pPr'],
  numId: ['p', 'pPr', 'numPr'],
  ilvl: ['p', 'pPr', 'numPr'],
};

/** The properties of the paragraph an element sets, when it is one of its own w:pPr (not a run's or a table's). */
function listProperties(
  stack: readonly { name: string; paragraph?: ScannedParagraph }[],
  name: string,
): ParagraphListProperties | undefined {
  const parent = PROPERTY_PARENT[name];
  if (!parent || stack.length < parent.length) return undefined;
  const open = stack.slice(-parent.length);
  return open.every((element, index) => element.name === parent[index]) ? open[0].paragraph?.properties : undefined;
}

/** The prefix the root element binds to the WordprocessingML namespace. */
function prefixOf(attributes: string): string | undefined {
  for (const match of attributes.matchAll(/\bxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    if ((match[2] ?? match[3]) === W_NS) return match[1];
  return undefined;
}

function attributeValue(attributes: string, name: string): string | undefined {
  const escaped = name.replace(/[.]/g, '\\.');
  const match = new RegExp(`(?:^|\\s)${escaped}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}
