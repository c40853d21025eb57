// File names come from the origin and end up in job records and download names, so
// they are reduced to a plain base name: no directories, no control characters.
function sanitize(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return null;
  return clean.length > 255 ? clean.slice(0, 255) : clean;
}

function decodePercent(text: string, charset = 'utf-8'): string | null {
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(text);
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(text.charCodeAt(i) & 0xff);
      }
    }
    return new TextDecoder(charset).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the RFC 5987 `filename*`
 * wins over the plain `filename`, which wins over nothing.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    const decoded = decodePercent(extended[2].trim(), extended[1].trim() || 'utf-8');
    const name = decoded === null ? null : sanitize(decoded);
    if (name) return name;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header);
  if (!plain) return null;
  const raw = plain[1].trim();
  const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  return sanitize(value);
}

/** The last path segment of a URL, percent-decoded; null for `/` or an invalid URL. */
export function fileNameFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = pathname.split('/').pop() ?? '';
  return sanitize(decodePercent(segment) ?? segment);
}
