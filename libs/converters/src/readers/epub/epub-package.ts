import { JobFailure } from '@docformat/contracts';
import type { DocumentMetadata } from '@docformat/contracts';
import type { Document } from '@xmldom/xmldom';
import { posix } from 'node:path';
import { DC_NS, compactMetadata, isoDate } from '../office/office-metadata';
import { parseXmlPart, xmlAllText, xmlFirstText } from '../office/office-xml';
import { corruptArchive, entryText } from '../office/office-zip';

const CONTAINER_NS = 'urn:oasis:names:tc:opendocument:xmlns:container';
const OPF_NS = 'http://www.idpf.org/2007/opf';
const XMLENC_NS = 'http://www.w3.org/2001/04/xmlenc#';
const CHAPTER_TYPES = new Set(['application/xhtml+xml', 'text/html']);

export interface EpubPackage {
  metadata: DocumentMetadata;
  /** Archive paths of the content documents, in reading (spine) order. */
  chapters: string[];
}

/** META-INF/container.xml → the package document (OPF) → metadata and spine. */
export function readEpubPackage(entries: ReadonlyMap<string, Uint8Array>): EpubPackage {
  const container = requiredPart(entries, 'META-INF/container.xml');
  const rootfile = Array.from(container.getElementsByTagNameNS(CONTAINER_NS, 'rootfile')).find(
    (element) => (element.getAttribute('media-type') ?? 'application/oebps-package+xml') === 'application/oebps-package+xml',
  );
  const opfPath = rootfile?.getAttribute('full-path');
  if (!opfPath) throw new JobFailure('CORRUPT_DOCUMENT', 'The EPUB container names no package document.');
  const opf = requiredPart(entries, opfPath);
  const chapters = spine(opf, posix.dirname(opfPath));
  assertNotEncrypted(entries, chapters);
  return { metadata: opfMetadata(opf), chapters };
}

function spine(opf: Document, base: string): string[] {
  const manifest = new Map<string, { path: string; type: string; properties: string }>();
  for (const item of Array.from(opf.getElementsByTagNameNS(OPF_NS, 'item'))) {
    const id = item.getAttribute('id');
    const href = item.getAttribute('href');
    if (!id || !href) continue;
    manifest.set(id, {
      path: resolve(base, href),
      type: item.getAttribute('media-type') ?? '',
      properties: item.getAttribute('properties') ?? '',
    });
  }
  const chapters: string[] = [];
  for (const itemref of Array.from(opf.getElementsByTagNameNS(OPF_NS, 'itemref'))) {
    const item = manifest.get(itemref.getAttribute('idref') ?? '');
    // The navigation document only repeats the chapter headings as links.
    if (item && CHAPTER_TYPES.has(item.type) && !item.properties.split(/\s+/).includes('nav')) chapters.push(item.path);
  }
  if (chapters.length === 0) throw new JobFailure('CORRUPT_DOCUMENT', 'The EPUB spine lists no readable chapters.');
  return chapters;
}

/** `Text/ch%201.xhtml#top` relative to the OPF's folder → the archive path. */
function resolve(base: string, href: string): string {
  let path = href.split('#')[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written; the lookup then simply misses.
  }
  return posix.normalize(posix.join(base, path)).replace(/^(\.\/)+/, '');
}

function opfMetadata(opf: Document): DocumentMetadata {
  const all = (name: string) => xmlAllText(opf, DC_NS, name);
  const metas = Array.from(opf.getElementsByTagNameNS(OPF_NS, 'meta'));
  const meta = (test: (attr: (name: string) => string | null) => boolean) => {
    const element = metas.find((candidate) => test((name) => candidate.getAttribute(name)));
    return (element?.getAttribute('content') ?? element?.textContent ?? '').trim() || undefined;
  };
  const join = (values: string[]) => (values.length > 0 ? values.join(', ') : undefined);
  return compactMetadata({
    title: xmlFirstText(opf, DC_NS, 'title'),
    author: join(all('creator')),
    subject: join(all('subject')) ?? xmlFirstText(opf, DC_NS, 'description'),
    language: xmlFirstText(opf, DC_NS, 'language'),
    producer: meta((attr) => attr('name') === 'generator'),
    createdAt: isoDate(xmlFirstText(opf, DC_NS, 'date')),
    modifiedAt: isoDate(meta((attr) => attr('property') === 'dcterms:modified')),
  });
}

/**
 * DRM'd books list their chapters in META-INF/encryption.xml. Fonts are listed there
 * too (font obfuscation), which does not stop us: only encrypted chapters do.
 */
function assertNotEncrypted(entries: ReadonlyMap<string, Uint8Array>, chapters: string[]): void {
  const text = entryText(entries, 'META-INF/encryption.xml');
  if (text === undefined) return;
  const encryption = parseXmlPart(text, 'META-INF/encryption.xml', 'EPUB');
  const encrypted = new Set(
    Array.from(encryption.getElementsByTagNameNS(XMLENC_NS, 'CipherReference')).map((ref) => resolve('', ref.getAttribute('URI') ?? '')),
  );
  if (chapters.some((chapter) => encrypted.has(chapter))) {
    throw new JobFailure('ENCRYPTED_DOCUMENT', 'The EPUB is protected by DRM; its chapters are encrypted.');
  }
}

function requiredPart(entries: ReadonlyMap<string, Uint8Array>, name: string): Document {
  const text = entryText(entries, name);
  if (text === undefined) throw corruptArchive('EPUB', undefined, `missing ${name}`);
  return parseXmlPart(text, name, 'EPUB');
}
