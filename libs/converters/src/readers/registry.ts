import { csvReader } from './csv/csv.reader';
import { docxReader } from './docx/docx.reader';
import { emlReader } from './email/eml.reader';
import { msgReader } from './email/msg.reader';
import { epubReader } from './epub/epub.reader';
import { htmlReader } from './html/html.reader';
import { imageReader } from './image/image.reader';
import { jsonReader } from './json/json.reader';
import { markdownReader } from './markdown/markdown.reader';
import { matchReader } from './match-reader';
import { notebookReader } from './notebook/notebook.reader';
import { odtReader } from './odt/odt.reader';
import { pdfReader } from './pdf/pdf.reader';
import { pptxReader } from './pptx/pptx.reader';
import type { DocumentReader } from './reader';
import { rtfReader } from './rtf/rtf.reader';
import { spreadsheetReader } from './spreadsheet/spreadsheet.reader';
import { textReader } from './text/text.reader';
import { xmlReader } from './xml/xml.reader';
import { zipReader } from './zip/zip.reader';

/** Every reader, in priority order: specific formats first, plain text last. */
export const documentReaders: readonly DocumentReader[] = [pdfReader, docxReader, odtReader, epubReader, rtfReader, pptxReader, spreadsheetReader, msgReader, emlReader, notebookReader, jsonReader, xmlReader, imageReader, htmlReader, markdownReader, csvReader, zipReader, textReader];

export function findReader(mimeType: string | undefined, fileName?: string): DocumentReader | undefined {
  return matchReader(documentReaders, mimeType, fileName);
}

/** The primary MIME type of each reader, for error messages and documentation. */
export function supportedMimeTypes(): string[] {
  return documentReaders.map((reader) => reader.accepts.mimeTypes[0]);
}
