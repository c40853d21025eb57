import { JobFailure, isJobFailure } from '@docformat/contracts';
import { decodeText } from '@docformat/file-types';
import { unzipSync } from 'fflate';

/** Office documents hold dozens of parts; an archive with thousands is not one of them. */
export const MAX_ARCHIVE_ENTRIES = 10_000;
/** The most a reader will inflate from one archive (the XML parts, not the media). */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;

export interface ZipLimits {
  maxEntries: number;
  maxInflatedBytes: number;
}

const DEFAULT_LIMITS: ZipLimits = { maxEntries: MAX_ARCHIVE_ENTRIES, maxInflatedBytes: MAX_INFLATED_BYTES };

/** `PK\x03\x04`: a non-empty ZIP archive starts with a local file header. */
export function isZipArchive(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** `D0 CF 11 E0`: an OLE compound file (legacy .doc, or an encrypted OOXML/ODF package). */
function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

/**
 * The entries of a ZIP-based document (DOCX, ODT, EPUB) that `keep` selects, inflated
 * by fflate. Zip bombs are refused before inflating: fflate's filter sees every
 * entry's declared size first, and it allocates exactly that size for the output (a
 * stream that lies about its size is cut off there), so memory stays under the cap.
 * Media are usually not kept at all: the readers never look at image bytes.
 */
export function readZipEntries(
  bytes: Uint8Array,
  kind: string,
  keep: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_LIMITS,
): Map<string, Uint8Array> {
  assertZipArchive(bytes, kind);
  let entries = 0;
  let inflated = 0;
  try {
    const files = unzipSync(bytes, {
      filter: (file) => {
        if (++entries > limits.maxEntries) {
          throw new JobFailure('CORRUPT_DOCUMENT', `The ${kind} archive has more than ${limits.maxEntries} entries.`);
        }
        if (!keep(file.name)) return false;
        inflated += file.originalSize;
        if (inflated > limits.maxInflatedBytes) {
          const megabytes = Math.round(limits.maxInflatedBytes / 1024 / 1024);
          throw new JobFailure('FILE_TOO_LARGE', `The archive expands to more than ${megabytes} MB.`);
        }
        return true;
      },
    });
    return new Map(Object.entries(files));
  } catch (error) {
    if (isJobFailure(error)) throw error;
    throw corruptArchive(kind, error);
  }
}

function assertZipArchive(bytes: Uint8Array, kind: string): void {
  if (isZipArchive(bytes)) return;
  if (isCompoundFile(bytes)) {
    // Office encrypts OOXML into a compound file with an "EncryptionInfo" stream
    // (its directory names are UTF-16LE); any other compound file is a legacy format.
    const encrypted = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptionInfo', 'utf16le'));
    if (encrypted) throw new JobFailure('ENCRYPTED_DOCUMENT', `The ${kind} document is encrypted and needs a password to open.`);
    throw new JobFailure(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `The file is a legacy binary Office document, not ${kind}; only ${kind} is supported.`,
    );
  }
  throw new JobFailure('CORRUPT_DOCUMENT', `The file is not a ${kind} document (it is not a ZIP archive).`);
}

export function corruptArchive(kind: string, cause: unknown, detail = 'damaged or truncated'): JobFailure {
  return new JobFailure('CORRUPT_DOCUMENT', `The ${kind} archive is ${detail} and could not be read.`, false, { cause });
}

/** An XML or XHTML part as text: a BOM or the XML declaration picks the encoding. */
export function entryText(entries: ReadonlyMap<string, Uint8Array>, name: string): string | undefined {
  const bytes = entries.get(name);
  return bytes === undefined ? undefined : decodeText(bytes);
}
