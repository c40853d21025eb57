import type { DocumentMetadata } from '@docformat/contracts';
import type { Document } from '@xmldom/xmldom';
import { DC_NS, compactMetadata, isoDate } from '../office/office-metadata';
import { xmlAllText, xmlFirstText } from '../office/office-xml';
import { META_NS } from './odt-namespaces';

/** `meta.xml`: Dublin Core plus ODF's own fields (initial creator, keywords, generator). */
export function odtMetadata(meta: Document | undefined): DocumentMetadata {
  if (!meta) return {};
  const keywords = xmlAllText(meta, META_NS, 'keyword');
  return compactMetadata({
    title: xmlFirstText(meta, DC_NS, 'title'),
    // dc:creator is whoever saved last; the author is the one who created it.
    author: xmlFirstText(meta, META_NS, 'initial-creator') ?? xmlFirstText(meta, DC_NS, 'creator'),
    subject: xmlFirstText(meta, DC_NS, 'subject') ?? xmlFirstText(meta, DC_NS, 'description'),
    keywords: keywords.length > 0 ? keywords.join(', ') : undefined,
    language: xmlFirstText(meta, DC_NS, 'language'),
    producer: xmlFirstText(meta, META_NS, 'generator'),
    createdAt: isoDate(xmlFirstText(meta, META_NS, 'creation-date')),
    modifiedAt: isoDate(xmlFirstText(meta, DC_NS, 'date')),
  });
}
