import { JobFailure } from '@docformat/contracts';
import { isZipArchive, readZipEntries } from '../office/office-zip';
import { zipSync } from 'fflate';
import { hasLoopingSectorChain } from './compound-file';

export interface WorkbookBytes {
  /** What SheetJS reads: the CFB as received, or a re-packed, uncompressed ZIP. */
  bytes: Uint8Array;
  /** Sheets an ODS file hides (`table:display="false"`): SheetJS does not report them for ODS. */
  hiddenOdsSheets: Set<string>;
}

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Embedded pictures and objects: SheetJS reads no cell from them. */
const MEDIA = /^(?:xl\/(?:media|embeddings)\/|Pictures\/|Thumbnails\/|Object \d+\/)/;

function isCompoundFile(bytes: Uint8Array): boolean {
  return CFB_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** A ZIP or a compound file: the only containers a workbook comes in. */
export function isWorkbookContainer(bytes: Uint8Array): boolean {
  return isCompoundFile(bytes) || isZipArchive(bytes);
}

/**
 * Checks the container before SheetJS sees it, because SheetJS reads almost any
 * bytes as *something* (plain text becomes a one-cell CSV sheet) and inflates ZIP
 * entries trusting their local headers (a header claiming size 0 inflates without
 * bound). So: a CFB is legacy .xls (or an encrypted OOXML file); a ZIP is inflated
 * here with the shared zip-bomb limits and handed over re-packed, uncompressed and
 * without media; anything else is not a spreadsheet.
 */
export function workbookBytes(bytes: Uint8Array): WorkbookBytes {
  if (isCompoundFile(bytes)) {
    // MS-OFFCRYPTO: an encrypted OOXML package is a CFB holding "EncryptionInfo" (UTF-16LE name).
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptionInfo', 'utf16le'))) {
      throw new JobFailure('ENCRYPTED_DOCUMENT', 'The spreadsheet is encrypted and needs a password to open.');
    }
    if (hasLoopingSectorChain(bytes)) {
      throw new JobFailure('CORRUPT_DOCUMENT', 'The spreadsheet is damaged: a chain of sectors in its compound file loops back on itself.');
    }
    return { bytes, hiddenOdsSheets: new Set() };
  }
  if (!isZipArchive(bytes)) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not a spreadsheet (neither an Excel nor an OpenDocument file).');
  }
  const entries = readZipEntries(bytes, 'spreadsheet', (name) => !MEDIA.test(name) && !name.endsWith('/'));
  if (!entries.has('xl/workbook.xml') && !entries.has('xl/workbook.bin') && !entries.has('content.xml')) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The ZIP archive holds no workbook (no xl/workbook.xml or content.xml).');
  }
  const content = entries.get('content.xml');
  return {
    bytes: zipSync(Object.fromEntries(entries), { level: 0 }),
    hiddenOdsSheets: content ? hiddenOdsTables(new TextDecoder().decode(content)) : new Set(),
  };
}

/**
 * Names of the ODS tables whose table style says `table:display="false"`. Read with
 * patterns over the start tags, not a DOM: content.xml holds every cell, and the
 * attributes needed sit on two small kinds of element.
 */
export function hiddenOdsTables(contentXml: string): Set<string> {
  const hiddenStyles = new Set<string>();
  const bodyStart = contentXml.indexOf('<office:body');
  const styles = bodyStart >= 0 ? contentXml.slice(0, bodyStart) : contentXml;
  for (const chunk of styles.split(/<style:style(?=[\s/>])/).slice(1)) {
    const tagEnd = chunk.indexOf('>');
    const attributes = chunk.slice(0, tagEnd);
    if (tagEnd < 0 || attributes.endsWith('/')) continue; // self-closing: no properties inside
    const close = chunk.indexOf('</style:style>');
    const properties = chunk.slice(tagEnd, close >= 0 ? close : undefined);
    const name = attribute(attributes, 'style:name');
    if (name && attribute(attributes, 'style:family') === 'table' && /table:display="false"/.test(properties)) hiddenStyles.add(name);
  }
  const hidden = new Set<string>();
  if (hiddenStyles.size === 0) return hidden;
  for (const match of contentXml.matchAll(/<table:table\s([^>]*)>/g)) {
    const style = attribute(match[1], 'table:style-name');
    const name = attribute(match[1], 'table:name');
    if (style && name && hiddenStyles.has(style)) hidden.add(name);
  }
  return hidden;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes);
  return match ? decodeXmlEntities(match[1]) : undefined;
}

function decodeXmlEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return named[body] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
