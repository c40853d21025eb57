import type { FileType } from './file-type';
import { fileExtension, GENERIC_MIME_TYPES, informativeMimeType, isTextual, MimeType, normalizeMimeType } from './mime-type';
import { sniffCfb } from './sniff/cfb-streams';
import { CFB_MAGIC, matchesMagic, ZIP_MAGIC } from './sniff/magic-bytes';
import { looksLikeText, sniffText } from './sniff/markup';
import { sniffZip } from './sniff/zip-entries';

/** What is known of a file: its bytes, and what its source claims (downloads, uploads and archive entries alike). */
export interface FileInput {
  bytes: Uint8Array;
  /** What the source claims: a Content-Type header or an upload's type, parameters allowed; absent for an archive entry. */
  contentType?: string | null;
  /** A file name or URL, for its extension. */
  fileName?: string | null;
}

export interface IdentifiedFile<T extends FileType> {
  /** Lower case; `application/octet-stream` when nothing says. */
  mimeType: string;
  /** The usual extension of `mimeType` among the known types (`pdf`, `txt`), when it has one. */
  extension?: string;
  /** The known type to read the file as, among those `canRead` allows; none when nothing fits. */
  type?: T;
}

/**
 * The one place that says what a file is. `types` are every type known, most specific
 * first (they come from the readers' manifests); `canRead` picks those a file may be
 * read as. Two steps:
 *
 * 1. The MIME type: the bytes first (magic numbers; what a ZIP or compound file holds;
 *    markup), narrowed by the claim (a header, else the file name's extension) when the
 *    bytes only say "a ZIP", "a compound file" or "some text" and the claim is of that
 *    kind; without a word from the bytes, the claim; plain UTF-8 is text/plain; else
 *    application/octet-stream.
 * 2. The type to read it as: a specific MIME type wins over the extension, the
 *    extension over a generic MIME type (text/plain, octet-stream).
 */
export function identifyFile<T extends FileType>(
  input: FileInput,
  types: readonly T[],
  canRead: (type: T) => boolean = () => true,
): IdentifiedFile<T> {
  const mimeType = detectMimeType(input, types);
  const extension = types.find((type) => type.mimeTypes.includes(mimeType))?.extensions[0];
  const type = readableType(mimeType, fileExtension(input.fileName), types.filter(canRead));
  return { mimeType, ...(extension ? { extension } : {}), ...(type ? { type } : {}) };
}

function detectMimeType(input: FileInput, types: readonly FileType[]): string {
  const byHeader = informativeMimeType(input.contentType);
  const byName = typeByExtension(types, fileExtension(input.fileName))?.mimeTypes[0] ?? null;
  const sniffed = sniffBytes(input.bytes, types);
  if (sniffed) {
    const refined = refine(sniffed, byHeader, types);
    return refined !== sniffed ? refined : refine(sniffed, byName, types);
  }
  const claimed = byHeader ?? byName;
  if (claimed) return claimed;
  return looksLikeText(input.bytes) ? MimeType.TEXT : MimeType.OCTET_STREAM;
}

/** Magic numbers and container contents, then markup; null when the bytes say nothing definite. */
function sniffBytes(bytes: Uint8Array, types: readonly FileType[]): string | null {
  if (matchesMagic(bytes, ZIP_MAGIC)) return sniffZip(bytes, types);
  if (matchesMagic(bytes, CFB_MAGIC)) return sniffCfb(bytes, types);
  const magic = types.find((type) => matchesMagic(bytes, type.magic));
  return magic?.mimeTypes[0] ?? sniffText(bytes);
}

/**
 * A sniffed type that is only a container or a generic text may be narrowed by what the
 * server or the file name says, as long as the two are compatible (a `.docx` name on a
 * plain ZIP, `text/csv` on a file with a UTF-8 BOM); an incompatible claim is ignored.
 */
function refine(sniffed: string, claimed: string | null, types: readonly FileType[]): string {
  if (!claimed || claimed === sniffed) return sniffed;
  const claimedType = types.find((type) => type.mimeTypes.includes(claimed));
  if (sniffed === MimeType.ZIP && claimedType?.zip) return claimed;
  if (sniffed === MimeType.CFB && claimedType?.cfb) return claimed;
  if (sniffed === MimeType.TEXT && isTextual(claimed)) return claimed;
  if (sniffed === MimeType.XML && (claimed === 'text/xml' || claimed.endsWith('+xml'))) return claimed;
  return sniffed;
}

function typeByExtension<T extends FileType>(types: readonly T[], extension: string): T | undefined {
  return extension === '' ? undefined : types.find((type) => type.extensions.includes(extension));
}

function readableType<T extends FileType>(mimeType: string, extension: string, types: readonly T[]): T | undefined {
  const mime = normalizeMimeType(mimeType);
  const byMime = () => (mime === '' ? undefined : types.find((type) => type.mimeTypes.includes(mime)));
  if (!GENERIC_MIME_TYPES.has(mime)) {
    const specific = byMime();
    if (specific) return specific;
  }
  return typeByExtension(types, extension) ?? byMime();
}
