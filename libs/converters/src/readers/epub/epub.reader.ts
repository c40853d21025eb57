import { JobFailure } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import type { ReadContext, ReaderInput } from '../reader';
import { prepareOfficeHtml } from '../office/office-html';
import { entryText, readZipEntries } from '../office/office-zip';
import { readEpubPackage } from './epub-package';
import { type Chapter, isTitlePage, joinChapters } from './title-page';

/** The parts worth inflating: package XML and content documents, never fonts; pictures when asked for. */
const isTextPart = (name: string) => /\.(?:xml|opf|ncx|xhtml|html|htm)$/i.test(name);
const isPicture = (name: string) => /\.(?:png|jpe?g|gif|webp|bmp)$/i.test(name);

/**
 * EPUB: a ZIP of XHTML chapters. Each chapter in spine order goes through the HTML
 * reader (headings, lists and tables as in a web page); images become `[Image: alt]`
 * and links into the book itself lose their target. An e-book has no fixed pages,
 * so like the other flowing formats it counts as one.
 */
export async function read(input: ReaderInput, context?: ReadContext): Promise<IntermediateDocument> {
  const readImages = context?.options.readImages === true;
  const entries = readZipEntries(input.bytes, 'EPUB', (name) => isTextPart(name) || (readImages && isPicture(name)));
  const { metadata, chapters } = readEpubPackage(entries);
  const read: Chapter[] = [];
  for (const chapter of chapters) {
    // A spine entry without its file is skipped; a book without any is damaged.
    const html = entryText(entries, chapter);
    if (html === undefined) continue;
    const files = readImages ? (src: string) => entries.get(chapterPath(chapter, src)) : undefined;
    const prepared = prepareOfficeHtml(html, {
      unwrapRelativeLinks: true,
      ...(files ? { keepImage: (src) => files(src) !== undefined } : {}),
    });
    read.push({ blocks: htmlToDocument(prepared, files).blocks, titlePage: isTitlePage(html) });
  }
  if (read.length === 0) throw new JobFailure('CORRUPT_DOCUMENT', 'The EPUB chapters named in its spine are missing from the archive.');
  return { pages: 1, metadata, blocks: withTitleHeading(joinChapters(read), metadata.title) };
}

/** A chapter's relative `src` as a path in the archive (`../images/a.png` from `OEBPS/text/c1.xhtml`). */
function chapterPath(chapter: string, src: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/')) return '';
  const parts = chapter.split('/').slice(0, -1);
  let path: string;
  try {
    path = decodeURIComponent(src.split(/[?#]/)[0]);
  } catch {
    return '';
  }
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
