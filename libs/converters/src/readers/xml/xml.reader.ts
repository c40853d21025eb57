import type { IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { boundedCodeBlock } from '../shared/bounded-text';
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
export const xmlReader: DocumentReader = {
  name: 'xml',
  accepts: {
    mimeTypes: ['application/xml', 'text/xml', 'application/rss+xml', 'application/atom+xml', 'application/rdf+xml'],
    extensions: ['xml', 'rss', 'atom', 'rdf'],
  },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    const document = parseXmlSafely(inputText(input).replace(/^\uFEFF/, ''), 'XML');
    const root = document.documentElement!;
    const channel = feedChannel(root);
    if (channel) return feedToDocument(root, channel);
    return { pages: 1, metadata: {}, blocks: boundedCodeBlock(prettyXml(root, MAX_XML_CHARS), 'xml', MAX_XML_CHARS) };
  },
};
