import { JobFailure } from '@docformat/contracts';

/**
 * A TIFF's image directories, walked before utif2 reads any: utif2's `decode` follows
 * the chain of directories until an offset of 0, with no end if one points back, and
 * reads each tag's values one by one up to the count the tag claims (up to 4 billion)
 * whether or not the file holds them. A few hundred bytes could so fill a conversion
 * thread's heap, and a 6 MB file of 50,000 directories took 120 MB of it before the
 * page limit was checked. Here each directory of the main chain is visited once, and a
 * tag that claims more values than the file has bytes is damage; then utif2 reads
 * only the directories of the pages being converted (readDirectory).
 */
export interface TiffDirectory {
  /** Where it starts in the file. */
  offset: number;
  width: number;
  height: number;
}

/** Bytes per value of TIFF 6 field types 1-13; utif2 stops at a directory of any other type. */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const WIDTH = 256;
const HEIGHT = 257;

const damaged = (reason: string) => new JobFailure('CORRUPT_DOCUMENT', `The TIFF is damaged (${reason}) and could not be read.`);

/** The main chain's directories that hold an image (width and height), in order; CORRUPT_DOCUMENT when the chain or a tag is broken. */
export function tiffDirectories(bytes: Uint8Array): TiffDirectory[] {
  if (bytes.length < 8) throw damaged('shorter than its header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const directories: TiffDirectory[] = [];
  const seen = new Set<number>();
  for (let offset = u32(4); offset !== 0;) {
    if (seen.has(offset)) throw damaged('its directories loop');
    if (offset + 2 > bytes.length) throw damaged('a directory past the end of the file');
    seen.add(offset);
    const count = u16(offset);
    const end = offset + 2 + count * 12;
    if (end + 4 > bytes.length) throw damaged('a directory past the end of the file');
    // utif2 ends the chain at a directory whose first tag has no known type.
    if (count > 0 && !TYPE_BYTES[u16(offset + 4)]) break;
    const size = { width: 0, height: 0 };
    for (let entry = offset + 2; entry < end; entry += 12) {
      const tag = u16(entry);
      const type = u16(entry + 2);
      const values = u32(entry + 4);
      if (values * (TYPE_BYTES[type] ?? 1) > bytes.length) throw damaged('a tag with more values than the file has bytes');
      if (tag === WIDTH || tag === HEIGHT) size[tag === WIDTH ? 'width' : 'height'] = type === 3 ? u16(entry + 8) : u32(entry + 8);
    }
    if (size.width > 0 && size.height > 0) directories.push({ offset, ...size });
    offset = u32(end);
  }
  return directories;
}

type Utif = typeof import('utif2');
type Ifd = ReturnType<Utif['decode']>[number];

/** utif2's own directory reader, which `decode` runs for every directory of the chain (not in its typings). */
interface UtifInternals {
  _readIFD(
    bin: unknown,
    data: Uint8Array,
    offset: number,
    ifds: Ifd[],
    depth: number,
    options: { parseMN: boolean; debug: boolean },
  ): number;
  _binLE: unknown;
  _binBE: unknown;
}

/** One directory as utif2's `decode` would give it, without reading the others (maker notes skipped). */
export function readDirectory(utif: Utif, bytes: Uint8Array, directory: TiffDirectory): Ifd {
  const internals = utif as unknown as UtifInternals;
  const ifds: Ifd[] = [];
  internals._readIFD(bytes[0] === 0x49 ? internals._binLE : internals._binBE, bytes, directory.offset, ifds, 0, {
    parseMN: false,
    debug: false,
  });
  return ifds[0];
}
