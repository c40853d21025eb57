import type { FileType } from '../file-type';
import { MimeType } from '../mime-type';

const ENTRY_SIZE = 128;
const STORAGE = 1;
const STREAM = 2;

/**
 * Directory entries are 128 bytes and sectors are 512 or 4096 bytes, so every entry
 * starts at a multiple of 128. Scanning those slots for a well-formed entry finds the
 * stream names without following the FAT chain — enough to tell the formats apart.
 */
function directoryNames(data: Buffer): Set<string> {
  const names = new Set<string>();
  for (let at = 512; at + ENTRY_SIZE <= data.length; at += ENTRY_SIZE) {
    const type = data[at + 66];
    if (type !== STORAGE && type !== STREAM) continue;
    const length = data.readUInt16LE(at + 64);
    if (length < 4 || length > 64 || length % 2 !== 0 || data.readUInt16LE(at + length - 2) !== 0) continue;
    names.add(data.toString('utf16le', at, at + length - 2));
  }
  return names;
}

/**
 * Names what kind of compound-file document `data` is: the first of `types` with a
 * stream name found in it; `application/x-cfb` if unsure.
 */
export function sniffCfb(bytes: Uint8Array, types: readonly FileType[]): string {
  const names = directoryNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return types.find((type) => type.cfb?.streams.some((stream) => names.has(stream)))?.mimeTypes[0] ?? MimeType.CFB;
}
