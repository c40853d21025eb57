import { htmlReader } from './html/html.reader';
import { markdownReader } from './markdown/markdown.reader';
import { matchReader } from './match-reader';
import { pdfReader } from './pdf/pdf.reader';
import type { DocumentReader } from './reader';
import { textReader } from './text/text.reader';

/** Every reader, in priority order: specific formats first, plain text last. */
export const documentReaders: readonly DocumentReader[] = [pdfReader, htmlReader, markdownReader, textReader];

export function findReader(mimeType: string | undefined, fileName?: string): DocumentReader | undefined {
  return matchReader(documentReaders, mimeType, fileName);
}

/** The primary MIME type of each reader, for error messages and documentation. */
export function supportedMimeTypes(): string[] {
  return documentReaders.map((reader) => reader.accepts.mimeTypes[0]);
}
