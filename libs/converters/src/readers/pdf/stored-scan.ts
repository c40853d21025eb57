import { deflateSync, inflateSync } from 'node:zlib';
import { pngFile } from '@docformat/file-types';
import type { PDFDict as PdfDict, PDFDocument as PdfLibDocument, PDFRawStream } from 'pdf-lib';

type PdfLib = typeof import('pdf-lib');

/** The stored image's pixel size as pdf.js reported it: the file's own image must match it. */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * A scanned page's image as the PDF stores it, as a file Tesseract reads (JPEG or PNG),
 * so that OCR need not have pdf.js decode the scan and draw it into a canvas and then
 * encode that canvas again: per page that was ~55 MB of native memory held at once
 * (decoded samples, the page canvas and pdf.js's own drawing canvas) and most of the
 * page's preparation time (docs/adr/0005-worker-memory.md). Only images whose samples
 * are already a JPEG (DCTDecode) or a PNG's compressed data (FlateDecode) in gray or
 * RGB, with no mask, no Decode array and no colour transform, are taken; for any other
 * (CCITT, JBIG2, CMYK, indexed colours, masks, a damaged or encrypted file) `image`
 * answers undefined and the page is drawn as before.
 *
 * pdf.js keeps the raw streams to itself, so the file is parsed a second time with
 * pdf-lib, once, on the first scanned page that qualifies: a scan's file is a few
 * objects around its images, and files above STORED_SCAN_MAX_BYTES are not parsed
 * twice (pdf-lib copies every stream it reads).
 */
export interface StoredScans {
  image(pageNumber: number, pixels: PixelSize): Promise<Buffer | undefined>;
}

export const STORED_SCAN_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes an image's samples may run past what its size needs (producers pad); more is a bomb, not a scan. */
const INFLATE_SLACK = 64 * 1024;

export function storedScans(bytes: Uint8Array): StoredScans {
  let loading: Promise<{ lib: PdfLib; document: PdfLibDocument } | undefined> | undefined;
  const load = () =>
    (loading ??= (async () => {
      if (bytes.byteLength > STORED_SCAN_MAX_BYTES) return undefined;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first scanned page only: most conversions never need it
      const lib = require('pdf-lib') as PdfLib;
      const document = await lib.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
      return document.isEncrypted ? undefined : { lib, document };
    })().catch(() => undefined));
  return {
    async image(pageNumber, pixels) {
      const loaded = await load();
      if (!loaded) return undefined;
      try {
        return pageImage(loaded.lib, loaded.document, pageNumber, pixels);
      } catch {
        return undefined; // a malformed page tree or image dictionary: draw the page instead
      }
    },
  };
}

function pageImage(lib: PdfLib, document: PdfLibDocument, pageNumber: number, pixels: PixelSize): Buffer | undefined {
  const page = document.getPages()[pageNumber - 1];
  const objects = page?.node.Resources()?.lookupMaybe(lib.PDFName.of('XObject'), lib.PDFDict);
  if (!objects) return undefined;
  const images = objects
    .values()
    .map((value) => document.context.lookup(value))
    .filter((value) => value instanceof lib.PDFRawStream && name(lib, value.dict, 'Subtype') === 'Image');
  // pdf.js saw one image painted; the resources must agree on which one it was.
  if (images.length !== 1) return undefined;
  const stream = images[0] as PDFRawStream;
  const format = sampleFormat(lib, stream.dict);
  if (!format || format.width !== pixels.width || format.height !== pixels.height) return undefined;
  const filter = filterName(lib, stream.dict);
  const contents = Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.byteLength);
  if (filter === 'DCTDecode') return jpeg(lib, stream.dict, contents, format);
  if (filter === 'FlateDecode') return png(lib, stream.dict, contents, format);
  return undefined;
}

interface SampleFormat {
  width: number;
  height: number;
  bits: number;
  /** 1 (gray) or 3 (RGB). */
  colours: 1 | 3;
}

/** Gray or RGB samples with nothing that changes how they look: no mask, no Decode array. */
function sampleFormat(lib: PdfLib, dict: PdfDict): SampleFormat | undefined {
  for (const key of ['ImageMask', 'Mask', 'SMask', 'Decode']) {
    if (key === 'ImageMask' ? dict.lookup(lib.PDFName.of(key)) === lib.PDFBool.True : dict.has(lib.PDFName.of(key))) return undefined;
  }
  const width = number(lib, dict, 'Width');
  const height = number(lib, dict, 'Height');
  const bits = number(lib, dict, 'BitsPerComponent');
  const colours = colourCount(lib, dict.lookup(lib.PDFName.of('ColorSpace')));
  // PNG allows 1, 2, 4 and 8 bits for gray but only 8 for RGB (16 is left to pdf.js).
  if (!width || !height || !bits || !colours || !(colours === 1 ? [1, 2, 4, 8] : [8]).includes(bits)) return undefined;
  return { width, height, bits, colours };
}

function colourCount(lib: PdfLib, space: unknown): 1 | 3 | undefined {
  if (space instanceof lib.PDFName) {
    const value = space.decodeText();
    return value === 'DeviceGray' || value === 'CalGray' ? 1 : value === 'DeviceRGB' || value === 'CalRGB' ? 3 : undefined;
  }
  // [/ICCBased stream] with N 1 or 3 (an embedded gray or RGB profile); [/CalGray <<…>>] and [/CalRGB <<…>>].
  if (!(space instanceof lib.PDFArray) || space.size() !== 2) return undefined;
  const family = space.lookup(0);
  if (!(family instanceof lib.PDFName)) return undefined;
  if (family.decodeText() !== 'ICCBased') return colourCount(lib, family);
  const profile = space.lookup(1);
  if (!(profile instanceof lib.PDFRawStream)) return undefined;
  const components = number(lib, profile.dict, 'N');
  return components === 1 || components === 3 ? components : undefined;
}

/** A JPEG whose frame header agrees with the dictionary (size, gray or RGB) and that pdf.js would not colour-transform otherwise. */
function jpeg(lib: PdfLib, dict: PdfDict, contents: Buffer, format: SampleFormat): Buffer | undefined {
  if (decodeParameters(lib, dict)?.has(lib.PDFName.of('ColorTransform')) || format.bits !== 8) return undefined;
  const frame = jpegFrame(contents);
  if (!frame || frame.width !== format.width || frame.height !== format.height || frame.components !== format.colours) return undefined;
  return contents;
}

/** Width, height and components from a JPEG's first start-of-frame marker. */
export function jpegFrame(bytes: Buffer): { width: number; height: number; components: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7), components: bytes[offset + 9] };
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * Flate-compressed samples as a PNG: with a PNG predictor (10-15) the stream already is
 * a PNG's image data (every row led by its filter byte), so it is wrapped as it is;
 * without one, each row gets the "none" filter byte and the data is compressed again.
 */
function png(lib: PdfLib, dict: PdfDict, contents: Buffer, format: SampleFormat): Buffer | undefined {
  const parameters = decodeParameters(lib, dict);
  const predictor = (parameters && number(lib, parameters, 'Predictor')) ?? 1;
  const rowBytes = Math.ceil((format.width * format.colours * format.bits) / 8);
  let data: Buffer;
  if (predictor >= 10) {
    const columns = (parameters && number(lib, parameters, 'Columns')) ?? 1;
    const colours = (parameters && number(lib, parameters, 'Colors')) ?? 1;
    const bits = (parameters && number(lib, parameters, 'BitsPerComponent')) ?? 8;
    if (columns !== format.width || colours !== format.colours || bits !== format.bits) return undefined;
    data = contents;
  } else if (predictor === 1) {
    // At most what the dictionary's size needs: pdf.js draws a stream that inflates to more, and reads only that much of it.
    const samples = inflateSync(contents, { maxOutputLength: rowBytes * format.height + INFLATE_SLACK });
    if (samples.length < rowBytes * format.height) return undefined;
    const rows = Buffer.alloc((rowBytes + 1) * format.height);
    for (let row = 0; row < format.height; row++) samples.copy(rows, row * (rowBytes + 1) + 1, row * rowBytes, (row + 1) * rowBytes);
    data = deflateSync(rows, { level: 1 });
  } else {
    return undefined; // TIFF predictor: rare in scans
  }
  return pngFile(format, data);
}

/** The one filter's name; a chain of filters (or none) is not taken. */
function filterName(lib: PdfLib, dict: PdfDict): string | undefined {
  const filter = single(lib, dict, 'Filter');
  return filter instanceof lib.PDFName ? filter.decodeText() : undefined;
}

/** The one filter's parameters. */
function decodeParameters(lib: PdfLib, dict: PdfDict): PdfDict | undefined {
  const parameters = single(lib, dict, 'DecodeParms');
  return parameters instanceof lib.PDFDict ? parameters : undefined;
}

/** A value that may also be written as an array of one (Filter, DecodeParms); undefined for longer arrays. */
function single(lib: PdfLib, dict: PdfDict, key: string): unknown {
  const value = dict.lookup(lib.PDFName.of(key));
  if (!(value instanceof lib.PDFArray)) return value;
  return value.size() === 1 ? value.lookup(0) : undefined;
}

function number(lib: PdfLib, dict: PdfDict, key: string): number | undefined {
  const value = dict.lookup(lib.PDFName.of(key));
  return value instanceof lib.PDFNumber ? value.asNumber() : undefined;
}

function name(lib: PdfLib, dict: PdfDict, key: string): string | undefined {
  const value = dict.lookup(lib.PDFName.of(key));
  return value instanceof lib.PDFName ? value.decodeText() : undefined;
}
