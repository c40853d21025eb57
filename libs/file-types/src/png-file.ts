// Here, beside the format knowledge, so that the converters (which hand OCR a PNG of a
// decoded image or a stored scan) and the pixel-bomb builders write PNGs the same way.
import { crc32 } from 'node:zlib';

/** A PNG image's header fields that matter here: 8-bit or less grey, 8-bit RGB. */
export interface PngHeader {
  width: number;
  height: number;
  bits: number;
  /** 1 (grey, colour type 0) or 3 (RGB, colour type 2). */
  colours: 1 | 3;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG file of one image whose IDAT data (zlib, each row led by its filter byte) is `compressed`. */
export function pngFile(header: PngHeader, compressed: Buffer): Buffer {
  const fields = Buffer.alloc(13);
  fields.writeUInt32BE(header.width, 0);
  fields.writeUInt32BE(header.height, 4);
  fields[8] = header.bits;
  fields[9] = header.colours === 1 ? 0 : 2;
  return Buffer.concat([SIGNATURE, chunk('IHDR', fields), chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}
