import { JobFailure, isJobFailure } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import type { ReadContext, ReaderInput } from '../reader';
import { prepareOfficeHtml } from '../office/office-html';
import { corruptArchive, readZipEntries } from '../office/office-zip';
import type { HTMLElement } from 'node-html-parser';
import { markCheckboxes } from './checkboxes';
import { docxMetadata } from './docx-metadata';
import { HEADING_STYLE_PREFIX } from './heading-numbers';
import { rewriteDocumentPart } from './document-rewrite';
import { applyListMarkers } from './list-markers';
import { markListParagraphs } from './list-numbering';
import { zipSync } from 'fflate';
import * as mammoth from 'mammoth';

/**
 * Word styles mammoth does not map by default. Title is the document's H1 (pandoc
 * and Word both use it); quotes and code keep their structure. Comments are left out:
 * mammoth drops comment references unless a style map asks for them.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Subtitle'] => p:fresh",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "p[style-name='Block Text'] => blockquote > p:fresh",
  "p[style-name='Source Code'] => pre:separator('\\n')",
  // Headings found by numbering or outline level (heading-numbers.ts), by their style id.
  ...[1, 2, 3, 4, 5, 6].map((level) => `p.${HEADING_STYLE_PREFIX}${level} => h${level}:fresh`),
];

/** The parts mammoth reads: XML and relationships. Media stay compressed and unread unless pictures are asked for. */
const isXmlPart = (name: string) => /\.(?:xml|rels)$/i.test(name);
const isMediaPart = (name: string) => /^word\/media\//i.test(name);

/** The pictures mammoth read, each under a `src` of its own that the HTML reader looks up. */
class PictureFiles {
  private readonly files = new Map<string, Uint8Array>();

  add(bytes: Uint8Array): string {
    const src = `docx-picture:${this.files.size + 1}`;
    this.files.set(src, bytes);
    return src;
  }

  readonly has = (src: string): boolean => this.files.has(src);
  readonly bytes = (src: string): Uint8Array | undefined => this.files.get(src);
}

/**
 * DOCX, the markitdown way: mammoth turns the document into semantic HTML and the
 * HTML reader builds the tree, so lists, tables and links are read by one code path.
 * Images become `[Image: alt]` (mammoth is told not to read their bytes at all), or,
 * with pictures asked for, image blocks with their bytes.
 * What mammoth loses is put right in the XML before it reads it: text boxes and
 * equations (document-rewrite.ts), list numbers and numbered headings (list-numbering.ts);
 * checkboxes in its HTML (checkboxes.ts).
 */
export async function read(input: ReaderInput, context?: ReadContext): Promise<IntermediateDocument> {
  const readImages = context?.options.readImages === true;
  const entries = readZipEntries(input.bytes, 'DOCX', (name) => isXmlPart(name) || (readImages && isMediaPart(name)));
  // Every OPC package has a content-types part; a ZIP without one is something else.
  if (!entries.has('[Content_Types].xml')) throw corruptArchive('DOCX', undefined, 'not a Word document');
  const metadata = docxMetadata(entries);
  // List numbers are worked out from the XML first: mammoth's HTML has lost them.
  const pictures = readImages ? new PictureFiles() : undefined;
  const html = await docxToHtml(markListParagraphs(rewriteDocumentPart(entries)), pictures);
  const prepared = prepareOfficeHtml(html, { rewrite: rewriteHtml, ...(pictures ? { keepImage: pictures.has } : {}) });
  const { blocks } = htmlToDocument(`<body>${prepared}</body>`, pictures?.bytes);
  return { pages: 1, metadata, blocks: withTitleHeading(blocks, metadata.title) };
}

/** The DOCX reader's own HTML fixes, in one pass over the parsed HTML (see OfficeHtmlOptions.rewrite). */
function rewriteHtml(root: HTMLElement): void {
  applyListMarkers(root);
  markCheckboxes(root);
}

async function docxToHtml(entries: ReadonlyMap<string, Uint8Array>, pictures: PictureFiles | undefined): Promise<string> {
  // mammoth unzips with JSZip, which has no size limit: it gets a stored copy of the
  // parts already inflated under our limits instead of the original archive.
  const stored = zipSync(Object.fromEntries(entries), { level: 0 });
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
        // mammoth writes the alt text (the picture's description) itself.
        convertImage: mammoth.images.imgElement(async (image) => ({ src: pictures ? pictures.add(await image.readAsBuffer()) : '' })),
      },
    );
    return result.value;
  } catch (error) {
    if (isJobFailure(error)) throw error;
    throw new JobFailure('CORRUPT_DOCUMENT', 'The DOCX document is damaged and could not be read.', false, { cause: error });
  }
}
