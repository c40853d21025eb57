import { MimeType } from './mime-types';

/** Stream names inside an OLE2 compound file that identify the legacy Office format. */
export const CFB_STREAM_TYPES: readonly (readonly [string, string])[] = [
  ['WordDocument', MimeType.DOC],
  ['Workbook', MimeType.XLS],
  ['Book', MimeType.XLS],
  ['PowerPoint Document', MimeType.PPT],
  ['__properties_version1.0', MimeType.MSG],
];

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

/** Names what kind of compound-file document `data` is; `application/x-cfb` if unsure. */
export function sniffCfb(bytes: Uint8Array): string {
  const names = directoryNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return CFB_STREAM_TYPES.find(([name]) => names.has(name))?.[1] ?? MimeType.CFB;
}
