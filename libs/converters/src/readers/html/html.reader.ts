import { type IntermediateDocument, withTitleHeading } from '../../document';
import { inputText } from '../decode-text';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { htmlToDocument } from './html-to-document';

/** Web pages: the content, not the site around it (see html-dom.ts for what is dropped). */
export const htmlReader: DocumentReader = {
  name: 'html',
  accepts: { mimeTypes: ['text/html', 'application/xhtml+xml'], extensions: ['html', 'htm', 'xhtml'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    const { metadata, blocks } = htmlToDocument(inputText(input));
    // A page whose title is only in <title> still gets one heading to hang the rest on.
    return { pages: 1, metadata, blocks: withTitleHeading(blocks, metadata.title) };
  },
};
