export interface ParsedContentType {
  /** Lowercase `type/subtype`. */
  readonly mimeType: string;
  /** Parameter names lowercased; values unquoted, case kept. */
  readonly parameters: Readonly<Record<string, string>>;
}

const TOKEN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/** Parses a Content-Type header leniently; null when there is no usable media type. */
export function parseContentType(header: string | null | undefined): ParsedContentType | null {
  if (!header) return null;
  const semicolon = header.indexOf(';');
  const mimeType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (!TOKEN.test(mimeType)) return null;
  const parameters: Record<string, string> = {};
  for (const [, name, raw] of header.slice(mimeType.length).matchAll(PARAMETER)) {
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.trim();
    const key = name.toLowerCase();
    if (!(key in parameters)) parameters[key] = value;
  }
  return { mimeType, parameters };
}

export function charsetOf(header: string | null | undefined): string | null {
  return parseContentType(header)?.parameters['charset']?.trim() || null;
}
