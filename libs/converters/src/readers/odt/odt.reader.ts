import { JobFailure } from '@docformat/contracts';
import type { Document } from '@xmldom/xmldom';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import type { ReaderInput } from '../reader';
import { parseXmlPart, xmlChildrenNS } from '../office/office-xml';
import { corruptArchive, entryText, readZipEntries } from '../office/office-zip';
import { odtBlocks } from './odt-blocks';
import { odtMetadata } from './odt-metadata';
import { OFFICE_NS } from './odt-namespaces';
import { OdtStyles } from './odt-styles';

const ODT_MIME_TYPES = ['application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.text-template'];

/**
 * OpenDocument text, read straight from its XML: `content.xml` is already a tree of
 * headings, paragraphs, lists and tables, so there is no need to go through HTML.
 * Styles (styles.xml plus content.xml's automatic ones) decide bold, italic, the
 * title paragraph and numbered versus bulleted lists.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  // Only XML and the mimetype file: pictures and thumbnails are never inflated.
  const entries = readZipEntries(input.bytes, 'ODT', (name) => name === 'mimetype' || /\.xml$/i.test(name));
  assertTextDocument(entryText(entries, 'mimetype'));
  const contentText = entryText(entries, 'content.xml');
  if (contentText === undefined) throw corruptArchive('ODT', undefined, 'missing its content.xml');
  const content = parseXmlPart(contentText, 'content.xml', 'ODT');
  const body = xmlChildrenNS(content.documentElement!, OFFICE_NS, 'body')[0];
  const text = body && xmlChildrenNS(body, OFFICE_NS, 'text')[0];
  if (!text) throw new JobFailure('CORRUPT_DOCUMENT', 'The ODT document has no text body (office:text).');
  const styles = new OdtStyles([content, optionalPart(entries, 'styles.xml')].filter((doc): doc is Document => doc !== undefined));
  const metadata = odtMetadata(optionalPart(entries, 'meta.xml'));
  return { pages: 1, metadata, blocks: withTitleHeading(odtBlocks(text, styles), metadata.title) };
}

/** A spreadsheet or presentation saved with the wrong extension is not a damaged text. */
function assertTextDocument(mimetype: string | undefined): void {
  const type = mimetype?.trim();
  if (!type || ODT_MIME_TYPES.includes(type)) return;
  throw new JobFailure('UNSUPPORTED_DOCUMENT_TYPE', `The file is ${type}, not an OpenDocument text; only text documents are supported.`);
}

/** styles.xml and meta.xml improve the result but the text does not depend on them. */
function optionalPart(entries: ReadonlyMap<string, Uint8Array>, name: string): Document | undefined {
  const text = entryText(entries, name);
  if (text === undefined) return undefined;
  try {
    return parseXmlPart(text, name, 'ODT');
  } catch {
    return undefined;
  }
}
