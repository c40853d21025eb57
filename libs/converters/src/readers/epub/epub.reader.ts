import { JobFailure } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { prepareOfficeHtml } from '../shared/office-html';
import { entryText, readZipEntries } from '../shared/office-zip';
import { readEpubPackage } from './epub-package';
import { type Chapter, isTitlePage, joinChapters } from './title-page';

/** The parts worth inflating: package XML and content documents, never media or fonts. */
const isTextPart = (name: string) => /\.(?:xml|opf|ncx|xhtml|html|htm)$/i.test(name);

/**
 * EPUB: a ZIP of XHTML chapters. Each chapter in spine order goes through the HTML
 * reader (headings, lists and tables as in a web page); images become `[Image: alt]`
 * and links into the book itself lose their target. An e-book has no fixed pages,
 * so like the other flowing formats it counts as one.
 */
export const epubReader: DocumentReader = {
  name: 'epub',
  accepts: { mimeTypes: ['application/epub+zip'], extensions: ['epub'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    const entries = readZipEntries(input.bytes, 'EPUB', isTextPart);
    const { metadata, chapters } = readEpubPackage(entries);
    const read: Chapter[] = [];
    for (const chapter of chapters) {
      // A spine entry without its file is skipped; a book without any is damaged.
      const html = entryText(entries, chapter);
      if (html === undefined) continue;
      read.push({ blocks: htmlToDocument(prepareOfficeHtml(html, { unwrapRelativeLinks: true })).blocks, titlePage: isTitlePage(html) });
    }
    if (read.length === 0) throw new JobFailure('CORRUPT_DOCUMENT', 'The EPUB chapters named in its spine are missing from the archive.');
    return { pages: 1, metadata, blocks: withTitleHeading(joinChapters(read), metadata.title) };
  },
};
