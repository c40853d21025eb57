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
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') break;
    if (type === 'pHYs' && length >= 9 && bytes[at + 16] === 1) return plausibleDpi(bytes.readUInt32BE(at + 8) * 0.0254); // unit 1: per metre
    at += 12 + length;
  }
  return undefined;
}

function jfifDpi(bytes: Buffer): number | undefined {
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xe0 && bytes.toString('latin1', at + 4, at + 9) === 'JFIF\0') {
      const unit = bytes[at + 11];
      const density = bytes.readUInt16BE(at + 12);
      if (unit === 1) return plausibleDpi(density);
      if (unit === 2) return plausibleDpi(density * 2.54);
      return undefined;
    }
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return undefined;
}

/** 72 dpi and below is what tools write when they know nothing; absurd values are noise. */
export function plausibleDpi(dpi: number): number | undefined {
  return dpi > 72 && dpi <= 2400 ? dpi : undefined;
}
