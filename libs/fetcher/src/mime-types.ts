export const MimeType = {
  PDF: 'application/pdf',
  DOC: 'application/msword',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  XLS: 'application/vnd.ms-excel',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PPT: 'application/vnd.ms-powerpoint',
  PPTX: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ODT: 'application/vnd.oasis.opendocument.text',
  ODS: 'application/vnd.oasis.opendocument.spreadsheet',
  ODP: 'application/vnd.oasis.opendocument.presentation',
  EPUB: 'application/epub+zip',
  MSG: 'application/vnd.ms-outlook',
  CFB: 'application/x-cfb',
  ZIP: 'application/zip',
  GZIP: 'application/gzip',
  RTF: 'application/rtf',
  HTML: 'text/html',
  XHTML: 'application/xhtml+xml',
  XML: 'application/xml',
  SVG: 'image/svg+xml',
  TEXT: 'text/plain',
  CSV: 'text/csv',
  TSV: 'text/tab-separated-values',
  EML: 'message/rfc822',
  NOTEBOOK: 'application/x-ipynb+json',
  RSS: 'application/rss+xml',
  ATOM: 'application/atom+xml',
  BMP: 'image/bmp',
  MARKDOWN: 'text/markdown',
  JSON: 'application/json',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  GIF: 'image/gif',
  WEBP: 'image/webp',
  TIFF: 'image/tiff',
  OCTET_STREAM: 'application/octet-stream',
} as const;

/** File extension → MIME type. The first extension listed for a type is its canonical one. */
export const EXTENSION_MIME_TYPES: Readonly<Record<string, string>> = {
  pdf: MimeType.PDF,
  doc: MimeType.DOC,
  dot: MimeType.DOC,
  docx: MimeType.DOCX,
  xls: MimeType.XLS,
  xlsx: MimeType.XLSX,
  ppt: MimeType.PPT,
  pptx: MimeType.PPTX,
  odt: MimeType.ODT,
  ods: MimeType.ODS,
  odp: MimeType.ODP,
  epub: MimeType.EPUB,
  msg: MimeType.MSG,
  zip: MimeType.ZIP,
  gz: MimeType.GZIP,
  rtf: MimeType.RTF,
  html: MimeType.HTML,
  htm: MimeType.HTML,
  xhtml: MimeType.XHTML,
  xml: MimeType.XML,
  svg: MimeType.SVG,
  txt: MimeType.TEXT,
  text: MimeType.TEXT,
  csv: MimeType.CSV,
  tsv: MimeType.TSV,
  eml: MimeType.EML,
  ipynb: MimeType.NOTEBOOK,
  rss: MimeType.RSS,
  atom: MimeType.ATOM,
  bmp: MimeType.BMP,
  md: MimeType.MARKDOWN,
  markdown: MimeType.MARKDOWN,
  json: MimeType.JSON,
  png: MimeType.PNG,
  jpg: MimeType.JPEG,
  jpeg: MimeType.JPEG,
  gif: MimeType.GIF,
  webp: MimeType.WEBP,
  tif: MimeType.TIFF,
  tiff: MimeType.TIFF,
};

const CANONICAL_EXTENSIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(EXTENSION_MIME_TYPES)
    .reverse()
    .map(([extension, mimeType]) => [mimeType, extension]),
);

/** The usual extension (no dot) for a MIME type, if this service knows one. */
export function extensionForMimeType(mimeType: string): string | undefined {
  return CANONICAL_EXTENSIONS.get(mimeType.toLowerCase());
}

/** Types servers send when they do not know; they say nothing about the content. */
export const UNINFORMATIVE_MIME_TYPES: ReadonlySet<string> = new Set([
  MimeType.OCTET_STREAM,
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/download',
  'application/x-download',
  'application/force-download',
  'application/x-unknown-content-type',
]);

/** Container formats a sniffer recognised only generically, and what may refine them. */
export const ZIP_BASED: ReadonlySet<string> = new Set([
  MimeType.DOCX,
  MimeType.XLSX,
  MimeType.PPTX,
  MimeType.ODT,
  MimeType.ODS,
  MimeType.ODP,
  MimeType.EPUB,
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  'application/java-archive',
]);

export const CFB_BASED: ReadonlySet<string> = new Set([MimeType.DOC, MimeType.XLS, MimeType.PPT, MimeType.MSG]);
