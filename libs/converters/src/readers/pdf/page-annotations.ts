import type { Pdfjs } from './load-pdfjs';
import type { PdfDocument } from './pdf-document';

/** Annotation flags that keep an annotation off the screen (PDF 32000-1 §12.5.3): Invisible and NoView. */
const NOT_VIEWABLE = 0x01 | 0x20;

/**
 * The link and form-field (widget) annotations of some pages (1-based), per page, in
 * one request: links give their URL to the text under them (page-links.ts), widgets
 * the values filled into a form (form-values.ts).
 * `page.getAnnotations()` is not used: since pdf.js 4 it extracts the page's whole
 * text content once more for every page with a link (to fill each link's
 * `overlaidText`, which we never read), which cost a third of a conversion on
 * hyperlinked manuals. `getAnnotationsByType` builds the same annotation data without
 * that pass, and for pages whose operator list was built it reuses the annotations
 * pdf.js parsed for it. The viewable test `getAnnotations({ intent: 'display' })`
 * applies is applied here. Should the request fail, the pages are asked one by one.
 */
export async function pageAnnotations(pdfjs: Pdfjs, document: PdfDocument, pages: readonly number[]): Promise<Map<number, unknown[]>> {
  const wanted = new Set(pages);
  const skip = new Set<number>();
  for (let page = 1; page <= document.numPages; page++) if (!wanted.has(page)) skip.add(page - 1);
  let annotations: unknown[] | null;
  try {
    annotations = await document.getAnnotationsByType(new Set([pdfjs.AnnotationType.LINK, pdfjs.AnnotationType.WIDGET]), skip);
  } catch {
    return pageByPage(document, pages);
  }
  const byPage = new Map<number, unknown[]>(pages.map((page) => [page, []]));
  for (const annotation of annotations ?? []) {
    const { pageIndex, annotationFlags } = annotation as { pageIndex?: unknown; annotationFlags?: unknown };
    if (typeof pageIndex !== 'number') continue;
    if (typeof annotationFlags === 'number' && (annotationFlags & NOT_VIEWABLE) !== 0) continue;
    byPage.get(pageIndex + 1)?.push(annotation);
  }
  return byPage;
}

async function pageByPage(document: PdfDocument, pages: readonly number[]): Promise<Map<number, unknown[]>> {
  const byPage = new Map<number, unknown[]>();
  for (const page of pages) byPage.set(page, await (await document.getPage(page)).getAnnotations({ intent: 'display' }));
  return byPage;
}
