import { parseXmlPart } from '../office/office-xml';
import { entryText } from '../office/office-zip';
import { HeadingNumbers, headingXml } from './heading-numbers';
import { scanParagraphs } from './list-paragraphs';
import { type ListLevel, type ListReference, NumberingDefinitions } from './numbering-definitions';
import { W_NS } from './word-namespaces';

/**
 * Prefix of the bookmarks that carry each list paragraph's label through mammoth,
 * which turns bookmarks into `<a id>` anchors and keeps them in place. mammoth
 * numbers every `<ol>` it writes from 1 and takes the list kind from the abstract
 * definition only, so "3." after a code block inside a numbered list came out as "1."
 * (see list-markers.ts for the other side).
 */
export const LIST_MARKER_PREFIX = '_docformat_list_';

/** `_docformat_list_3` for the third item of an ordered list, `_docformat_list_bullet` otherwise. */
export function listMarkerName(label: number | 'bullet'): string {
  return `${LIST_MARKER_PREFIX}${label}`;
}

const OFFICE_DOCUMENT = /\/officeDocument$/;

/**
 * Returns the entries with every list paragraph of the main document marked with its
 * label, counted as Word counts (see ListCounter): continuing after interruptions (a
 * code block, a paragraph) until the list is restarted. Paragraphs that Word shows
 * as headings by their numbering or outline level are rewritten as headings with
 * their number instead (heading-numbers.ts): the same scan serves both. A package
 * without numbering or styles, or one whose parts do not parse, is returned
 * unchanged: mammoth then reads it (or reports it damaged) as before.
 */
export function markListParagraphs(entries: ReadonlyMap<string, Uint8Array>): ReadonlyMap<string, Uint8Array> {
  const documentPart = mainDocumentPart(entries);
  const folder = documentPart.includes('/') ? documentPart.slice(0, documentPart.lastIndexOf('/') + 1) : '';
  const numberingText = entryText(entries, `${folder}numbering.xml`);
  const stylesText = entryText(entries, `${folder}styles.xml`);
  const documentText = entryText(entries, documentPart);
  // Without numbering only outline levels can make headings, and only where the document sets one.
  if (
    documentText === undefined ||
    (numberingText === undefined && !(stylesText?.includes('outlineLvl') || documentText.includes('outlineLvl')))
  )
    return entries;
  let definitions: NumberingDefinitions;
  try {
    definitions = new NumberingDefinitions(
      numberingText === undefined ? undefined : parseXmlPart(numberingText, 'numbering.xml', 'DOCX'),
      stylesText === undefined ? undefined : parseXmlPart(stylesText, 'styles.xml', 'DOCX'),
    );
  } catch {
    return entries;
  }
  const paragraphs = scanParagraphs(documentText);
  if (!paragraphs) return entries;
  const counter = new ListCounter();
  const headings = new HeadingNumbers(definitions);
  // Replacements of [at, end) in the part: a marker is inserted (end = at), a heading's w:pPr replaced.
  const edits: { at: number; end: number; text: string }[] = [];
  for (const paragraph of paragraphs) {
    const heading = paragraph.propertiesAt === undefined ? undefined : headings.heading(paragraph.properties);
    if (heading) {
      edits.push({ at: paragraph.propertiesAt!, end: paragraph.insertAt, text: headingXml(heading) });
      continue;
    }
    const reference = definitions.reference(paragraph.properties);
    if (!reference) continue;
    const level = definitions.level(reference);
    const value = counter.next(reference, level);
    edits.push({ at: paragraph.insertAt, end: paragraph.insertAt, text: marker(listMarkerName(level.ordered ? value : 'bullet')) });
  }
  if (edits.length === 0) return entries;
  edits.sort((a, b) => a.at - b.at);
  let marked = '';
  let from = 0;
  for (const { at, end, text } of edits) {
    marked += documentText.slice(from, at) + text;
    from = end;
  }
  return new Map(entries).set(documentPart, new TextEncoder().encode(marked + documentText.slice(from)));
}

/**
 * Word's counting: one counter per abstract definition and level, shared by the list
 * instances that use it; an instance that restarts a level does so where it is first
 * used. An item also restarts every deeper level (of any list, as pandoc's reader
 * does), so each sub-list under a new item starts again.
 */
class ListCounter {
  private readonly counters = new Map<string, { depth: number; value: number }>();
  private readonly usedInstances = new Set<string>();

  next(reference: ListReference, level: ListLevel): number {
    const depth = Number(reference.level) || 0;
    for (const [key, counter] of this.counters) if (counter.depth > depth) this.counters.delete(key);
    const key = `${level.sequence}/${depth}`;
    const instance = `${reference.numId}/${depth}`;
    const restart = level.restarts && !this.usedInstances.has(instance);
    this.usedInstances.add(instance);
    const previous = restart ? undefined : this.counters.get(key);
    const value = previous ? previous.value + 1 : level.start;
    this.counters.set(key, { depth, value });
    return value;
  }
}

/**
 * A bookmark, which mammoth keeps in place inside the `<li>`. It declares its own `w:`
 * prefix, so it means the same whatever prefix the document binds to the namespace.
 */
function marker(name: string): string {
  return `<w:bookmarkStart xmlns:w="${W_NS}" w:id="0" w:name="${name}"/>`;
}

/** The main part named by the package relationships (almost always word/document.xml). */
export function mainDocumentPart(entries: ReadonlyMap<string, Uint8Array>): string {
  const rels = entryText(entries, '_rels/.rels');
  const target = rels?.match(/<Relationship\b[^>]*>/g)?.find((tag) => OFFICE_DOCUMENT.test(/\bType="([^"]*)"/.exec(tag)?.[1] ?? ''));
  const path = target && /\bTarget="([^"]*)"/.exec(target)?.[1];
  return path ? path.replace(/^\//, '') : 'word/document.xml';
}
