import { parseXmlPart } from '../shared/office-xml';
import { entryText } from '../shared/office-zip';
import { replaceEquations } from './equations';
import { mainDocumentPart } from './list-numbering';
import { liftTextBoxes } from './text-boxes';

/**
 * Rewrites the main document part where mammoth would lose text: text boxes and
 * shapes (text-boxes.ts) and equations (equations.ts). The part is parsed only when
 * it has either, checked on the raw text first: a second DOM parse of a long document
 * costs about half of mammoth's own conversion, so plain documents skip it.
 */
export function rewriteDocumentPart(entries: ReadonlyMap<string, Uint8Array>): ReadonlyMap<string, Uint8Array> {
  const part = mainDocumentPart(entries);
  const text = entryText(entries, part);
  if (text === undefined || !/txbxContent|oMath/.test(text)) return entries;
  const document = parseXmlPart(text, part, 'DOCX');
  const lifted = liftTextBoxes(document);
  const replaced = replaceEquations(document);
  if (!lifted && !replaced) return entries;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see reader.ts
  const { XMLSerializer } = require('@xmldom/xmldom') as typeof import('@xmldom/xmldom');
  return new Map(entries).set(part, new TextEncoder().encode(new XMLSerializer().serializeToString(document)));
}
