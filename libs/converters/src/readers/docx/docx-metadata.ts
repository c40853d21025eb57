import type { DocumentMetadata } from '@docformat/contracts';
import { DC_NS, DCTERMS_NS, compactMetadata, isoDate } from '../office/office-metadata';
import { parseXmlPart, xmlFirstText } from '../office/office-xml';
import { entryText } from '../office/office-zip';

const CORE_NS = 'http://schemas.openxmlformats.org/package/2006/metadata/core-properties';
const APP_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/extended-properties';

/**
 * `docProps/core.xml` (Dublin Core: title, creator, dates) and `docProps/app.xml`
 * (the producing application). Both are optional; a damaged one costs the metadata,
 * not the conversion, since the text is what the client asked for.
 */
export function docxMetadata(entries: ReadonlyMap<string, Uint8Array>): DocumentMetadata {
  const core = optionalPart(entries, 'docProps/core.xml');
  const app = optionalPart(entries, 'docProps/app.xml');
  if (!core && !app) return {};
  return compactMetadata({
    title: core && xmlFirstText(core, DC_NS, 'title'),
    author: core && xmlFirstText(core, DC_NS, 'creator'),
    subject: core && (xmlFirstText(core, DC_NS, 'subject') ?? xmlFirstText(core, DC_NS, 'description')),
    keywords: core && xmlFirstText(core, CORE_NS, 'keywords'),
    language: core && xmlFirstText(core, DC_NS, 'language'),
    producer: app && xmlFirstText(app, APP_NS, 'Application'),
    createdAt: core && isoDate(xmlFirstText(core, DCTERMS_NS, 'created')),
    modifiedAt: core && isoDate(xmlFirstText(core, DCTERMS_NS, 'modified')),
  });
}

function optionalPart(entries: ReadonlyMap<string, Uint8Array>, name: string) {
  const text = entryText(entries, name);
  if (text === undefined) return undefined;
  try {
    return parseXmlPart(text, name, 'DOCX');
  } catch {
    return undefined;
  }
}
