import { jpegSegments, pngChunks } from './image-headers';

/**
 * The resolution a PNG (pHYs chunk) or JPEG (JFIF APP0 density) records, in dpi,
 * or undefined when it records none or a meaningless one (72 dpi is "unknown" in
 * practice). Header bytes only; never throws.
 */
export function imageResolution(bytes: Buffer, format: string): number | undefined {
  try {
    if (format === 'png') return pngDpi(bytes);
    if (format === 'jpg') return jfifDpi(bytes);
  } catch {
    // truncated header: no resolution
  }
  return undefined;
}

function pngDpi(bytes: Buffer): number | undefined {
  for (const { type, data, length } of pngChunks(bytes)) {
    if (type === 'pHYs' && length >= 9 && bytes[data + 8] === 1) return plausibleDpi(bytes.readUInt32BE(data) * 0.0254); // unit 1: per metre
  }
  return undefined;
}

function jfifDpi(bytes: Buffer): number | undefined {
  for (const { marker, at } of jpegSegments(bytes)) {
    if (marker !== 0xe0 || bytes.toString('latin1', at + 4, at + 9) !== 'JFIF\0') continue;
    const unit = bytes[at + 11];
    const density = bytes.readUInt16BE(at + 12);
    if (unit === 1) return plausibleDpi(density);
    if (unit === 2) return plausibleDpi(density * 2.54);
    return undefined;
  }
  return undefined;
}

/** 72 dpi and below is what tools write when they know nothing; absurd values are noise. */
export function plausibleDpi(dpi: number): number | undefined {
  return dpi > 72 && dpi <= 2400 ? dpi : undefined;
}
