// File-type identification, one owner for downloads, uploads and archive entries. The
// types themselves are data the readers declare (FileType); this library knows only
// the containers it looks into (ZIP, compound files), markup, and text.
export type { FileType, MagicPattern, MagicSignature } from './file-type';
export { identifyFile, type FileInput, type IdentifiedFile } from './identify-file';
export { fileExtension, MimeType, normalizeMimeType } from './mime-type';
export { charsetOf, parseContentType, type ParsedContentType } from './content-type';
export { decodeText, detectTextEncoding } from './text/text-encoding';
export { pngFile, type PngHeader } from './png-file';
