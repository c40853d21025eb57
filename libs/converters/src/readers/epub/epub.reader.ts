import { JobFailure } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import type { ReaderInput } from '../reader';
import { prepareOfficeHtml } from '../office/office-html';
import { entryText, readZipEntries } from '../office/office-zip';
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
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
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
}
