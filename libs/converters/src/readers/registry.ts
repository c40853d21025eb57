import type { FileType } from '@docformat/file-types';
import { csvManifest } from './csv/csv.manifest';
import { docxManifest } from './docx/docx.manifest';
import { emlManifest } from './email/eml.manifest';
import { msgManifest } from './email/msg.manifest';
import { epubManifest } from './epub/epub.manifest';
import { htmlManifest } from './html/html.manifest';
import { imageManifest } from './image/image.manifest';
import { jsonManifest } from './json/json.manifest';
import { markdownManifest } from './markdown/markdown.manifest';
import { notebookManifest } from './notebook/notebook.manifest';
import { odtManifest } from './odt/odt.manifest';
import { pdfManifest } from './pdf/pdf.manifest';
import { pptxManifest } from './pptx/pptx.manifest';
import type { ReaderManifest } from './reader';
import { rtfManifest } from './rtf/rtf.manifest';
import { spreadsheetManifest } from './spreadsheet/spreadsheet.manifest';
import { textManifest } from './text/text.manifest';
import { UNREAD_TYPES } from './unread-types';
import { xmlManifest } from './xml/xml.manifest';
import { zipManifest } from './zip/zip.manifest';

/** Every reader. Adding one: a folder with its manifest and reader, and one line here; `priority` orders them. */
const MANIFESTS: readonly ReaderManifest[] = [
  pdfManifest,
  docxManifest,
  odtManifest,
  epubManifest,
  rtfManifest,
  pptxManifest,
  spreadsheetManifest,
  msgManifest,
  emlManifest,
  notebookManifest,
  jsonManifest,
  xmlManifest,
  imageManifest,
  htmlManifest,
  markdownManifest,
  csvManifest,
  zipManifest,
  textManifest,
];

/** The readers in priority order: specific formats first, generic ZIP and plain text last. */
export const documentReaders: readonly ReaderManifest[] = [...MANIFESTS].sort((a, b) => a.priority - b.priority);

/**
 * The reader of that name, or undefined. A manifest holds functions and cannot cross
 * threads, so a reader picked on one thread goes to another by its name.
 */
export function readerNamed(name: string): ReaderManifest | undefined {
  return documentReaders.find((reader) => reader.name === name);
}

/** A file type and the reader that declared it (none for UNREAD_TYPES). */
export interface KnownType extends FileType {
  readonly reader?: ReaderManifest;
}

interface RankedTypes {
  priority: number;
  types: readonly KnownType[];
}

/** Every file type identification knows, most specific first: the readers' and the unread ones, by priority. */
export const knownTypes: readonly KnownType[] = [
  ...documentReaders.map((reader): RankedTypes => ({
    priority: reader.priority,
    types: reader.accepts.map((type) => ({ ...type, reader })),
  })),
  { priority: UNREAD_TYPES.priority, types: UNREAD_TYPES.accepts },
]
  .sort((a, b) => a.priority - b.priority)
  .flatMap(({ types }) => types);

/** The primary MIME type of each reader, for error messages and documentation. */
export function supportedMimeTypes(): string[] {
  return documentReaders.map((reader) => reader.accepts[0].mimeTypes[0]);
}
