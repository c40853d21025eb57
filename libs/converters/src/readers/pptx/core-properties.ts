import type { DocumentMetadata } from '@docformat/contracts';
import type { XmlDocument } from './pptx-xml';
import { children } from './pptx-xml';

/** `docProps/core.xml` element (local name) → metadata field. */
const FIELDS: Record<string, keyof DocumentMetadata> = {
  title: 'title',
  creator: 'author',
  subject: 'subject',
  keywords: 'keywords',
  language: 'language',
  created: 'createdAt',
  modified: 'modifiedAt',
};

/**
 * OPC core properties (Dublin Core) → DocumentMetadata, the same for every OOXML
 * format. Dates are W3CDTF in the file; they are re-written as ISO-8601 UTC, and an
 * unparseable date is dropped rather than passed on.
 */
export function coreProperties(core: XmlDocument | undefined): DocumentMetadata {
  const metadata: DocumentMetadata = {};
  for (const element of children(core?.documentElement)) {
    const field = FIELDS[element.localName ?? ''];
    const value = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!field || value === '') continue;
    if (field === 'createdAt' || field === 'modifiedAt') {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) metadata[field] = date.toISOString();
    } else {
      metadata[field] = value;
    }
  }
  return metadata;
}
