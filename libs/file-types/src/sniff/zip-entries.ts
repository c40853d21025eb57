import type { FileType } from '../file-type';
import { MimeType } from '../mime-type';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MAX_ENTRIES = 10_000;

const latin1 = new TextDecoder('latin1');

function readName(data: Buffer, start: number, length: number): string {
  return latin1.decode(data.subarray(start, start + length));
}

/** Names from the central directory (authoritative), or null when it is unusable. */
function centralDirectoryNames(data: Buffer): string[] | null {
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let eocd = data.length - 22; eocd >= earliest; eocd--) {
    if (data.readUInt32LE(eocd) !== END_OF_CENTRAL_DIRECTORY) continue;
    const count = data.readUInt16LE(eocd + 10);
    let at = data.readUInt32LE(eocd + 16);
    const names: string[] = [];
    for (let i = 0; i < Math.min(count, MAX_ENTRIES); i++) {
      if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_HEADER) return null;
      const nameLength = data.readUInt16LE(at + 28);
      names.push(readName(data, at + 46, nameLength));
      at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    }
    return names;
  }
  return null;
}

/** Walks local headers from the start: works on truncated or ZIP64 archives too. */
function localHeaderNames(data: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (names.length < MAX_ENTRIES && at + 30 <= data.length && data.readUInt32LE(at) === LOCAL_HEADER) {
    const flags = data.readUInt16LE(at + 6);
    const compressedSize = data.readUInt32LE(at + 18);
    const nameLength = data.readUInt16LE(at + 26);
    const extraLength = data.readUInt16LE(at + 28);
    names.push(readName(data, at + 30, nameLength));
    // With a data descriptor the size is only known after the data: cannot skip ahead.
    if (flags & 0x08 && compressedSize === 0) break;
    at += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}

/** ODF and EPUB store their type, uncompressed, in a first entry named `mimetype`. */
function storedMimetype(data: Buffer): string | null {
  if (data.length < 30 || data.readUInt32LE(0) !== LOCAL_HEADER) return null;
  const method = data.readUInt16LE(8);
  const size = data.readUInt32LE(18);
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  if (method !== 0 || readName(data, 30, nameLength) !== 'mimetype' || size > 200) return null;
  const start = 30 + nameLength + extraLength;
  const value = readName(data, start, size).trim().toLowerCase();
  return /^application\/[a-z0-9.+-]+$/.test(value) ? value : null;
}

/**
 * Names what kind of ZIP-based document `data` is: the type its stored `mimetype`
 * entry declares (ODF, EPUB), else the first of `types` with an entry-name prefix
 * found in it (OOXML's `word/`); plain `application/zip` if unsure.
 */
export function sniffZip(bytes: Uint8Array, types: readonly FileType[]): string {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = storedMimetype(data);
  if (declared) return declared;
  const names = centralDirectoryNames(data) ?? localHeaderNames(data);
  const found = types.find((type) => type.zip?.entries.some((prefix) => names.some((name) => name.startsWith(prefix))));
  return found?.mimeTypes[0] ?? MimeType.ZIP;
}
