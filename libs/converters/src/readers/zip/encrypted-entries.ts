const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * Names of password-protected entries (general-purpose flag bit 0), from the central
 * directory. fflate does not report the flag: it would hand back the cipher text of a
 * stored entry and fail the whole archive on a deflated one, while such an entry only
 * needs to be listed as skipped.
 */
export function encryptedEntryNames(bytes: Uint8Array): Set<string> {
  const names = new Set<string>();
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earliest = Math.max(0, data.length - 22 - 0xffff);
  for (let end = data.length - 22; end >= earliest; end--) {
    if (data.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) continue;
    let at = data.readUInt32LE(end + 16);
    const count = data.readUInt16LE(end + 10);
    for (let i = 0; i < count && at + 46 <= data.length && data.readUInt32LE(at) === CENTRAL_HEADER; i++) {
      const nameLength = data.readUInt16LE(at + 28);
      const flags = data.readUInt16LE(at + 8);
      const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(data.subarray(at + 46, at + 46 + nameLength));
      if (flags & 0x1) names.add(name);
      at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    }
    break;
  }
  return names;
}
