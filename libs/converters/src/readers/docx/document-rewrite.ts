import { parseXmlPart } from '../office/office-xml';
import { entryText } from '../office/office-zip';
import { replaceEquations } from './equations';
import { mainDocumentPart } from './list-numbering';
import { liftTextBoxes } from './text-boxes';
import { XMLSerializer } from '@xmldom/xmldom';

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
  return new Map(entries).set(part, new TextEncoder().encode(new XMLSerializer().serializeToString(document)));
}
