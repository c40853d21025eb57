import type { Pdfjs } from './load-pdfjs';
import { normalizePdfText } from './normalize-text';
import { applyLinks, linkAreas } from './page-links';
import { largestImage } from './page-images';
import { pageRules } from './page-rules';
import type { PdfPageText, PdfTextItem } from './pdf-text-item';

type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** One page as read, before its links are known (see readPage). */
export interface PageReading {
  text: PdfPageText;
  /** Gives the items under the page's link annotations (as pdf.js describes them) their URL. */
  applyLinks(annotations: readonly unknown[]): void;
}

/**
 * The text of one page with position and font style: what layout analysis needs and
 * what plain text extraction (pdf-parse's getText) throws away. The operator list
 * resolves the fonts (their real names, …-Bold, …Mono, are the only reliable weight
 * and family signal) and holds the ruling lines and images. It is about a quarter of
 * a conversion's time (measured on the R manuals), but no other pdf.js call yields
 * fonts' names or ruling lines, and whether a page has a ruled table cannot be told
 * from its text, so every page gets one. Links come after (applyLinks): the operator
 * list has pdf.js parse the page's annotations, and asking for them afterwards reuses
 * that (see link-annotations.ts).
 */
export async function readPage(pdfjs: Pdfjs, document: PdfDocument, pageNumber: number): Promise<PageReading> {
  const page = await document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const operators = await page.getOperatorList();
    const items: PdfTextItem[] = [];
    // One look-up and three name tests per font, not per item (a page has a few fonts and hundreds of items).
    const styles = new Map<string, Pick<PdfTextItem, 'bold' | 'italic' | 'mono'>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , c, d, e, f] = item.transform as number[];
      const [x, y] = viewport.convertToViewportPoint(e, f);
      let style = styles.get(item.fontName);
      if (!style) {
        style = fontStyle(page, item.fontName, content.styles[item.fontName]?.fontFamily);
        styles.set(item.fontName, style);
      }
      const text = normalizePdfText(item.str);
      if (text !== '')
        items.push({ text, x, y, width: item.width, size: Math.hypot(c, d) || item.height, ...style, rtl: item.dir === 'rtl' });
    }
    const toPage = (x: number, y: number) => viewport.convertToViewportPoint(x, y);
    const rules = pageRules(operators, pdfjs.OPS, toPage);
    const image = largestImage(operators, pdfjs.OPS, viewport, toPage);
    const text: PdfPageText = {
      page: pageNumber,
      width: viewport.width,
      height: viewport.height,
      items,
      rules,
      imageCoverage: image.coverage,
      ...(image.dpi ? { imageDpi: image.dpi } : {}),
      ...(image.placement ? { imagePlacement: image.placement } : {}),
    };
    return { text, applyLinks: (annotations) => (text.items = applyLinks(text.items, linkAreas(annotations, viewport))) };
  } finally {
    page.cleanup();
  }
}

function fontStyle(page: PdfPage, fontId: string, family: string | undefined): Pick<PdfTextItem, 'bold' | 'italic' | 'mono'> {
  const font: unknown = page.commonObjs.has(fontId) ? page.commonObjs.get(fontId) : undefined;
  const name = font && typeof font === 'object' && 'name' in font && typeof font.name === 'string' ? font.name : '';
  // TeX and URW names say it differently: NimbusRomNo9L-Medi (Times bold), CMBX10 and
  // CMSSBX (Computer Modern bold), CMTI/CMSL (italic, slanted), …-ReguItal.
  const base = name.replace(/^[A-Z]{6}\+/, '');
  return {
    bold: /bold|black|heavy|semibold|demi|-medi(?:ital)?$|^cmbx|^cmssbx|^cmb\d/i.test(base),
    italic: /ital|oblique|^cmti|^cmsl|^cmbxti|^cmssi/i.test(base),
    mono: family === 'monospace' || /mono|courier|consol|menlo|typewriter/i.test(name),
  };
}
