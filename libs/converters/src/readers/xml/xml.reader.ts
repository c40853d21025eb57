import type { IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import type { ReaderInput } from '../reader';
import { boundedCodeBlock } from '../blocks/bounded-text';
import { feedChannel, feedToDocument } from './feed-to-document';
import { parseXmlSafely } from './parse-xml-safely';
import { prettyXml } from './pretty-xml';

/** Same cap as JSON: XML that is longer is a data dump, not a document to read. */
export const MAX_XML_CHARS = 100_000;

/**
 * XML: RSS and Atom feeds become readable documents (feed-to-document.ts); any other
 * XML is shown re-indented in a fenced ```xml block (see pretty-xml.ts for why).
 * XHTML and SVG are not read here: they have MIME types of their own.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  const document = parseXmlSafely(inputText(input).replace(/^\uFEFF/, ''), 'XML');
  const root = document.documentElement!;
  const channel = feedChannel(root);
  if (channel) return feedToDocument(root, channel);
  return { pages: 1, metadata: {}, blocks: boundedCodeBlock(prettyXml(root, MAX_XML_CHARS), 'xml', MAX_XML_CHARS) };
}
