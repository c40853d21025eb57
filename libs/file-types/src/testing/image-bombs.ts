// Builders for image and PDF "pixel bombs": files a few bytes or megabytes long that
// declare (and, where the format allows it cheaply, really hold) enormous pixel
// counts, so memory bounds are tested on generated files instead of committed ones.
import { constants, deflateRawSync } from 'node:zlib';
import { pngFile } from '../png-file';

const MIB = 1024 * 1024;

/**
 * A zlib stream that inflates to `length` zero bytes, ~1 KB per MiB: one raw deflate
 * block of a MiB of zeros, flushed to a byte boundary, repeated (its back-references
 * reach only zeros, so every copy decodes alike), then an empty final block and the
 * Adler-32 of the zeros (a = 1, b = length mod 65521).
 */
export function zlibZeros(length: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const whole = Math.floor(length / MIB);
  const rest = length - whole * MIB;
  const tail = rest > 0 ? [deflateRawSync(Buffer.alloc(rest), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })] : [];
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(whole).fill(block), ...tail, Buffer.from([0x03, 0x00]), adler]);
}

/** A valid 8-bit grey PNG of `width` × `height` black pixels (every row filter "none"). */
export function pngBomb(width: number, height: number): Buffer {
  return pngFile({ width, height, bits: 8, colours: 1 }, zlibZeros((width + 1) * height));
}

/**
 * A valid baseline grey JPEG of `width` × `height` (at most 65,535 each): one Huffman
 * code of one bit for "no DC change" and one for "end of block", so every 8 × 8 block
 * is two zero bits and the scan is width × height / 256 zero bytes.
 */
export function jpegBomb(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) =>
    Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  const quantisation = segment(0xdb, [0x00, ...Array<number>(64).fill(1)]);
  const frame = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const oneCode = (tableClass: number) => segment(0xc4, [(tableClass << 4) | 0, 1, ...Array<number>(15).fill(0), 0]);
  const scan = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    quantisation,
    frame,
    oneCode(0),
    oneCode(1),
    scan,
    Buffer.alloc(Math.ceil(blocks / 4)),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A GIF whose logical screen is `screen` but whose one frame is `frame`: readers that
 * size the image by the screen (image-size) see a small picture, decoders allocate the
 * frame. Its pixel data is only a clear code and the end code.
 */
export function gifBomb(screen: { width: number; height: number }, frame: { width: number; height: number }): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...u16(screen.width),
    ...u16(screen.height),
    0x80, // a global colour table of two entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c, // image descriptor
    ...u16(0),
    ...u16(0),
    ...u16(frame.width),
    ...u16(frame.height),
    0,
    2, // LZW minimum code size
    2,
    0x84, // clear (4) then end (5), in 3-bit codes
    0x01,
    0,
    0x3b,
  ]);
}

/**
 * A valid lossless WebP of `width` × `height` (at most 16,384 each) in eight bytes of
 * image data: every prefix code has a single symbol, which takes no bits, so each pixel
 * costs nothing to store.
 */
export function webpBomb(width: number, height: number): Buffer {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1);
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // no alpha
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  for (let code = 0; code < 5; code++) {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    put(0, 1); // of one bit
    put(0, 1); // symbol 0
  }
  const data = Buffer.alloc(1 + Math.ceil(bits.length / 8));
  data[0] = 0x2f;
  bits.forEach((bit, index) => (data[1 + (index >> 3)] |= bit << (index & 7)));
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), u32le(data.length), padded]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(4 + chunk.length), Buffer.from('WEBP', 'latin1'), chunk]);
}

function u32le(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}

/** A 24-bit BMP header declaring `width` × `height`, with a few rows of pixels only. */
export function bmpBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(54);
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowBytes * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowBytes * height, 34);
  return Buffer.concat([header, Buffer.alloc(rowBytes * 4)]);
}

/**
 * A little-endian TIFF of `pages` frames of `width` × `height` 8-bit grey pixels, all
 * sharing one Deflate-compressed strip of zeros (so a thousand pages cost their
 * directories only): 10 tags per directory.
 */
export function tiffBomb(width: number, height: number, pages = 1): Buffer {
  const strip = zlibZeros(width * height);
  const entries = 10;
  const ifdBytes = 2 + entries * 12 + 4;
  const stripAt = 8;
  const firstIfd = stripAt + strip.length + (strip.length % 2);
  const out = Buffer.alloc(firstIfd + pages * ifdBytes);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(firstIfd, 4);
  strip.copy(out, stripAt);
  for (let page = 0; page < pages; page++) {
    const at = firstIfd + page * ifdBytes;
    out.writeUInt16LE(entries, at);
    const tags: [number, number, number][] = [
      [256, 4, width], // ImageWidth, LONG
      [257, 4, height], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 8], // Compression: Deflate
      [262, 3, 1], // PhotometricInterpretation: black is zero
      [273, 4, stripAt], // StripOffsets
      [277, 3, 1], // SamplesPerPixel
      [278, 4, height], // RowsPerStrip
      [279, 4, strip.length], // StripByteCounts
      [284, 3, 1], // PlanarConfiguration: chunky
    ];
    tags.forEach(([tag, type, value], index) => {
      const entry = at + 2 + index * 12;
      out.writeUInt16LE(tag, entry);
      out.writeUInt16LE(type, entry + 2);
      out.writeUInt32LE(1, entry + 4);
      if (type === 3) out.writeUInt16LE(value, entry + 8);
      else out.writeUInt32LE(value, entry + 8);
    });
    out.writeUInt32LE(page + 1 < pages ? at + ifdBytes : 0, at + 2 + entries * 12);
  }
  return out;
}

/** A PDF of the given objects (1-based, object 1 the catalog), with a correct cross-reference table. */
function pdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), Buffer.from(body), Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(length);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
  ];
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(`${xref.join('\n')}\n${trailer}`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose page is `width` × `height` points and holds one filled square
 * and no text: ink without a text layer, as text drawn as outlines is, so it is drawn
 * for OCR.
 */
export function pdfPageBomb(width: number, height: number): Buffer {
  const content = '0 g 72 72 144 144 re f';
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/**
 * A one-page A4 PDF whose only content is a `width` × `height` grey image (Flate, all
 * black) drawn over the whole page: a scan as far as the page can tell.
 */
export function pdfImageBomb(width: number, height: number): Buffer {
  const samples = zlibZeros(width * height);
  const content = 'q 595 0 0 842 0 0 cm /Im0 Do Q';
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 ` +
          `/Filter /FlateDecode /Length ${samples.length} >>\nstream\n`,
        'latin1',
      ),
      samples,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}
