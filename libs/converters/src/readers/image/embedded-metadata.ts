import type { DocumentMetadata } from '@docformat/contracts';
import { jpegSegments, pngChunks } from '../../ocr/image-headers';

/** TIFF/EXIF tags worth a reader's time: ImageDescription, DateTime, Artist. */
const TAG_DESCRIPTION = 0x010e;
const TAG_DATE_TIME = 0x0132;
const TAG_ARTIST = 0x013b;
const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
/** A real IFD has a few dozen entries; a huge count means garbage, so stop there. */
const MAX_IFD_ENTRIES = 512;

/**
 * Title, author and date from what the file carries cheaply: the EXIF block of a JPEG
 * (and the same IFD of a TIFF), or the tEXt chunks of a PNG. Never throws: damaged
 * metadata only means less metadata, the dimensions are what matters.
 */
export function embeddedMetadata(bytes: Uint8Array, format: string): DocumentMetadata {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (format === 'jpg') return tiffMetadata(view, exifOffset(view));
    if (format === 'tiff') return tiffMetadata(view, 0);
    if (format === 'png') return pngMetadata(bytes);
  } catch {
    // RangeError from a truncated block: fall through to "no metadata".
  }
  return {};
}

/** Start of the TIFF header inside the JPEG's APP1 "Exif" segment, or -1. */
function exifOffset(view: DataView): number {
  for (const { marker, at } of jpegSegments(new Uint8Array(view.buffer, view.byteOffset, view.byteLength))) {
    if (marker === 0xe1 && view.getUint32(at + 4) === 0x45786966) return at + 10; // "Exif\0\0"
  }
  return -1;
}

function tiffMetadata(view: DataView, start: number): DocumentMetadata {
  if (start < 0) return {};
  const little = view.getUint16(start) === 0x4949;
  const ifd = (offset: number) => readIfd(view, start, start + offset, little);
  const main = ifd(view.getUint32(start + 4, little));
  const exif = main.has(TAG_EXIF_IFD) ? ifd(Number(main.get(TAG_EXIF_IFD))) : new Map<number, string | number>();
  const text = (tags: Map<number, string | number>, tag: number) => {
    const value = tags.get(tag);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  return compact({
    title: text(main, TAG_DESCRIPTION),
    author: text(main, TAG_ARTIST),
    createdAt: exifDate(text(exif, TAG_DATE_TIME_ORIGINAL) ?? text(main, TAG_DATE_TIME)),
  });
}

/** ASCII values and the EXIF pointer of one IFD; other types are not needed. */
function readIfd(view: DataView, tiff: number, at: number, little: boolean): Map<number, string | number> {
  const tags = new Map<number, string | number>();
  const count = Math.min(view.getUint16(at, little), MAX_IFD_ENTRIES);
  for (let i = 0; i < count; i++) {
    const entry = at + 2 + i * 12;
    const tag = view.getUint16(entry, little);
    const type = view.getUint16(entry + 2, little);
    const length = view.getUint32(entry + 4, little);
    if (tag === TAG_EXIF_IFD) tags.set(tag, view.getUint32(entry + 8, little));
    if (type !== 2 || length > 4096) continue;
    const offset = length <= 4 ? entry + 8 : tiff + view.getUint32(entry + 8, little);
    const raw = new Uint8Array(view.buffer, view.byteOffset + offset, length);
    tags.set(tag, new TextDecoder('latin1').decode(raw).replace(/\0[\s\S]*$/, ''));
  }
  return tags;
}

/** `2024:05:01 12:30:00` (no zone) → `2024-05-01T12:30:00`. */
function exifDate(value: string | undefined): string | undefined {
  const match = value && /^(\d{4}):(\d\d):(\d\d) (\d\d:\d\d:\d\d)$/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}` : undefined;
}

function pngMetadata(bytes: Uint8Array): DocumentMetadata {
  const text: Record<string, string> = {};
  for (const { type, data, length } of pngChunks(bytes)) {
    if (type !== 'tEXt' || length >= 64 * 1024) continue;
    const chunk = new TextDecoder('latin1').decode(bytes.subarray(data, data + length));
    const [keyword, ...rest] = chunk.split('\0');
    text[keyword] = rest.join('\0').trim();
  }
  return compact({ title: text['Title'] ?? text['Description'], author: text['Author'], createdAt: text['Creation Time'] });
}

function compact(metadata: DocumentMetadata): DocumentMetadata {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value)) as DocumentMetadata;
}
