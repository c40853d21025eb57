/**
 * The two walks over image headers that metadata and resolution both need, so each
 * format's framing is read in one place. Both stop where the pixels start: what is
 * worth reading cheaply comes before them. A truncated header may throw RangeError;
 * callers treat that as "nothing recorded".
 */

/** A PNG chunk before the image data: its type and where its data lies. */
export interface PngChunk {
  type: string;
  /** Offset of the chunk's data. */
  data: number;
  length: number;
}

export function* pngChunks(bytes: Uint8Array): Generator<PngChunk> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT' || type === 'IEND') return;
    yield { type, data: at + 8, length };
    at += 12 + length;
  }
}

/** A JPEG marker segment before the scan data: its marker byte and where it starts. */
export interface JpegSegment {
  marker: number;
  /** Offset of the segment's 0xFF. */
  at: number;
}

export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff;) {
    const marker = bytes[at + 1];
    if (marker === 0xda) return; // start of scan: the metadata segments are over
    yield { marker, at };
    at += 2 + view.getUint16(at + 2);
  }
}

/**
 * The size of every frame of a GIF (image descriptors), which may differ from the
 * logical screen the header gives (image-size's answer): giflib, inside Tesseract,
 * allocates each frame at its own size, so a GIF declaring a 10 × 10 screen may hold a
 * 30,000 × 30,000 frame. Stops at the trailer or at anything that is not a block.
 */
export function* gifFrames(bytes: Uint8Array): Generator<{ width: number; height: number }> {
  const u16 = (at: number) => bytes[at] | (bytes[at + 1] << 8);
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
  const skipSubBlocks = (at: number) => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    return at + 1;
  };
  for (let at = 13 + colourTable(bytes[10]); at < bytes.length;) {
    const block = bytes[at];
    if (block === 0x21) {
      at = skipSubBlocks(at + 2); // extension: label, then sub-blocks
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) return;
      yield { width: u16(at + 5), height: u16(at + 7) };
      at = skipSubBlocks(at + 10 + colourTable(bytes[at + 9]) + 1); // LZW minimum code size, then the data
    } else {
      return;
    }
  }
}
