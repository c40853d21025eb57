import type { Pdfjs } from './load-pdfjs';
import { normalizePdfText } from './normalize-text';
import { applyLinks, linkAreas } from './page-links';
import { type ImagePlacement, largestImage } from './page-images';
import { type PdfFigure, pageFigures } from './page-figures';
import { paintsNothing } from './page-ink';
import { BYTES_PER_PIXEL } from '../../ocr/canvases';
import { noteNative } from '../../ocr/native-memory';
import { pageRules } from './page-rules';
import { type OperatorFont, type OperatorTextItem, operatorText } from './operator-text';
import type { PdfDocument } from './pdf-document';
import type { PageText, TextItem } from '../../layout/page-text';
import type { HeadingHint } from '../../layout/heading-hints';
import { pageTags } from './page-tags';
import { type DeclaredTables, NO_DECLARED_TABLES, readDeclaredTables } from './declared-tables';
import { lowerSmallCaps } from './small-caps';
import { mcidOf } from './tagged-headings';
import { mode } from '../../layout/layout-metrics';
import { textTurn, turnAreas, turnPage } from './page-rotation';
import { formValueItems } from './form-values';

type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** A PDF page's positioned text, with what its drawing tells about reading it by OCR instead (ocr-pages.ts). */
export interface PdfPageText extends PageText {
  /** Share of the page (0-1) covered by its largest image: near 1 on a scanned page. */
  imageCoverage?: number;
  /** That image's resolution in dots per inch, when known. */
  imageDpi?: number;
  /** That image's place, when it is the page's only image and upright (what OCR can read as stored). */
  imagePlacement?: ImagePlacement;
  /** Set when the page puts no ink on the paper at all (page-ink.ts): there is nothing to read by OCR. */
  blank?: true;
}

/** A document's full table tree, read once, when a page first needs it (declared-tables.ts). */
const declaredTables = new WeakMap<PdfDocument, Promise<DeclaredTables>>();

function declaredTablesOf(document: PdfDocument): Promise<DeclaredTables> {
  let tables = declaredTables.get(document);
  if (!tables) {
    tables = document
      .getData()
      .then(readDeclaredTables)
      .catch(() => NO_DECLARED_TABLES);
    declaredTables.set(document, tables);
  }
  return tables;
}

/** One page as read, before its links are known (see readPage). */
export interface PageReading {
  text: PdfPageText;
  /** The headings the page's tag tree declares (tagged-headings.ts); none on an untagged page. */
  headings: HeadingHint[];
  /** Gives the items under the page's link annotations (as pdf.js describes them) their URL, and adds the values of its form fields. */
  applyAnnotations(annotations: readonly unknown[]): void;
  /** The pictures it draws, when asked for (page-figures.ts). */
  figures: PdfFigure[];
}

/** What to read of a page besides its text: its pictures, at least `minSide` pixels a side, when set. */
export interface PageExtras {
  figures?: { minSide: number };
}

/**
 * The text of one page with position and font style: what layout analysis needs and
 * what plain text extraction (pdf-parse's getText) throws away. The operator list
 * resolves the fonts (their real names, …-Bold, …Mono, are the only reliable weight
 * and family signal) and holds the ruling lines and images, and whether a page has a
 * ruled table cannot be told from its text, so every page gets one. Its glyphs carry
 * the text too, so the text runs are read from it (operator-text.ts) and pdf.js's text
 * content, a second and costlier parse of the page, is asked for only where that
 * reading leaves the page to it (right-to-left text, vertical and Type3 fonts). Links
 * come after (applyAnnotations): the operator list has pdf.js parse the page's annotations,
 * and asking for them afterwards reuses that (see page-annotations.ts).
 */
export async function readPage(
  pdfjs: Pdfjs,
  document: PdfDocument,
  pageNumber: number,
  tagged = true,
  extras: PageExtras = {},
): Promise<PageReading> {
  const page = await document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const operators = await page.getOperatorList();
    const fontOf = (id: string) => loadedFont(page, id);
    const fromOperators = operatorText(operators, pdfjs.OPS, fontOf, page.view);
    const runs: readonly TextRun[] = fromOperators ?? (await textContentRuns(page));
    const items: TextItem[] = [];
    // One look-up and three name tests per font, not per item (a page has a few fonts and hundreds of items).
    const styles = new Map<string, Pick<TextItem, 'bold' | 'italic' | 'mono'>>();
    const directions: Array<{ chars: number; dx: number; dy: number }> = [];
    const [va, vb, vc, vd] = viewport.transform as number[];
    for (const run of runs) {
      // What a tagged PDF declares an artifact (running heads, page and line numbers) is not
      // its content (PDF/UA); with the tags ignored, the layout's own tests find what they can.
      // Dot leaders are artifacts too, but they are what tells a contents entry (toc-entries.ts).
      if (run.str === '' || (tagged && run.artifact && !LEADER.test(run.str))) continue;
      const [a, b, c, d, e, f] = run.transform;
      directions.push({ chars: run.str.length, dx: va * a + vc * b, dy: vb * a + vd * b });
      const [x, y] = viewport.convertToViewportPoint(e, f);
      let style = styles.get(run.fontName);
      if (!style) {
        style = fontStyle(fontOf(run.fontName));
        styles.set(run.fontName, style);
      }
      // getTextContent normalises its strings so; the operator list's glyphs are as the font maps them.
      const text = normalizePdfText(fromOperators ? pdfjs.normalizeUnicode(run.str) : run.str);
      if (text !== '')
        items.push({
          text,
          x,
          y,
          width: run.width,
          size: Math.hypot(c, d) || run.height,
          ...style,
          rtl: run.rtl === true,
          ...('mcid' in run && run.mcid !== undefined ? { mcid: run.mcid } : {}),
        });
    }
    const toPage = (x: number, y: number) => viewport.convertToViewportPoint(x, y);
    // A page whose text mostly reads sideways (a wide table set on a portrait page) is read turned upright.
    const turn = textTurn(directions);
    const drawn = pageRules(operators, pdfjs.OPS, toPage, viewport);
    const turned = turnPage(turn, { width: viewport.width, height: viewport.height, items: lowerSmallCaps(items), ...drawn });
    const image = largestImage(operators, pdfjs.OPS, viewport, toPage);
    const figures = extras.figures
      ? await pageFigures(
          operators,
          pdfjs.OPS,
          { page: page.objs, common: page.commonObjs },
          { number: pageNumber, width: viewport.width, height: viewport.height },
          toPage,
          extras.figures.minSide,
        )
      : [];
    // pdf.js decoded them (RGBA) to read the operator list; they go with page.cleanup() below.
    noteNative(image.pixels * BYTES_PER_PIXEL);
    const text: PdfPageText = {
      page: pageNumber,
      width: turned.width,
      height: turned.height,
      items: turned.items,
      rules: turned.rules,
      fills: turned.fills ?? [],
      imageCoverage: image.coverage,
      ...(image.dpi ? { imageDpi: image.dpi } : {}),
      ...(image.placement ? { imagePlacement: image.placement } : {}),
      ...(paintsNothing(operators, pdfjs.OPS) ? { blank: true as const } : {}),
    };
    const tags = tagged
      ? await pageTags(page as unknown as Parameters<typeof pageTags>[0], pageNumber, markedRunTexts(runs), () =>
          declaredTablesOf(document),
        )
      : { headings: [], tables: [] };
    if (tags.tables.length > 0) text.taggedTables = tags.tables;
    const headings = tags.headings;
    const areas = (annotations: readonly unknown[]) => turnAreas(turn, linkAreas(annotations, viewport), viewport.width, viewport.height);
    // Values filled into form fields, turned with the page like its words.
    const values = (annotations: readonly unknown[]) =>
      turnPage(turn, {
        width: viewport.width,
        height: viewport.height,
        items: formValueItems(annotations, viewport, bodySize(items)),
        rules: [],
      }).items;
    return {
      text,
      headings,
      figures,
      applyAnnotations: (annotations) => (text.items = [...applyLinks(text.items, areas(annotations)), ...values(annotations)]),
    };
  } finally {
    page.cleanup();
  }
}

/** A run of leader characters: the dots (or rules) between a contents entry and its page number. */
const LEADER = /^[\s.·…_-]+$/u;

/** A run of text as either reading gives it. */
type TextRun = Omit<OperatorTextItem, 'transform'> & { transform: readonly number[]; rtl?: boolean };

/**
 * pdf.js's own text content: for the pages operatorText leaves to it. Read with its
 * marked content, so that each run knows its MCID as the operator reading's do (what a
 * tag tree points at: layout/tables/tagged-tables.ts, page-tags.ts).
 */
async function textContentRuns(page: PdfPage): Promise<TextRun[]> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const runs: TextRun[] = [];
  const marked: (number | undefined)[] = [];
  const artifacts: boolean[] = [];
  for (const item of content.items as Array<Record<string, unknown>>) {
    if (item['type'] === 'beginMarkedContentProps' || item['type'] === 'beginMarkedContent') {
      marked.push(typeof item['id'] === 'string' ? mcidOf(item['id']) : undefined);
      artifacts.push(item['tag'] === 'Artifact');
      continue;
    }
    if (item['type'] === 'endMarkedContent') {
      marked.pop();
      artifacts.pop();
      continue;
    }
    if (typeof item['str'] !== 'string') continue;
    const mcid = [...marked].reverse().find((entry) => entry !== undefined);
    runs.push({
      str: item['str'],
      transform: item['transform'] as number[],
      width: item['width'] as number,
      height: item['height'] as number,
      fontName: item['fontName'] as string,
      rtl: item['dir'] === 'rtl',
      ...(mcid !== undefined ? { mcid } : {}),
      ...(artifacts.includes(true) ? { artifact: true } : {}),
    });
  }
  return runs;
}

/** The text of each MCID, from the page's runs: how a tag tree's headings are matched to its lines. */
function markedRunTexts(runs: readonly TextRun[]): Map<number, string> {
  const texts = new Map<number, string>();
  for (const run of runs) if (run.mcid !== undefined) texts.set(run.mcid, (texts.get(run.mcid) ?? '') + run.str);
  return texts;
}

/** The font pdf.js loaded for the page under this id (its operator list has been read, so it is there). */
interface LoadedFont extends OperatorFont {
  name?: unknown;
  fallbackName?: unknown;
}

function loadedFont(page: PdfPage, id: string): LoadedFont | undefined {
  const font: unknown = page.commonObjs.has(id) ? page.commonObjs.get(id) : undefined;
  return font && typeof font === 'object' ? (font as LoadedFont) : undefined;
}

function fontStyle(font: LoadedFont | undefined): Pick<TextItem, 'bold' | 'italic' | 'mono'> {
  const name = typeof font?.name === 'string' ? font.name : '';
  // pdf.js's generic family for the font, as its text content reports it.
  const family = font?.fallbackName;
  // TeX and URW names say it differently: NimbusRomNo9L-Medi (Times bold), CMBX10 and
  // CMSSBX (Computer Modern bold), CMTI/CMSL (italic, slanted), …-ReguItal.
  const base = name.replace(/^[A-Z]{6}\+/, '');
  return {
    bold: /bold|black|heavy|semibold|demi|-medi(?:ital)?$|^cmbx|^cmssbx|^cmb\d/i.test(base),
    italic: /ital|oblique|^cmti|^cmsl|^cmbxti|^cmssi/i.test(base),
    mono: family === 'monospace' || /mono|courier|consol|menlo|typewriter/i.test(name),
  };
}

/** The size most of the page's characters are set in (10 on a page without text). */
function bodySize(items: readonly TextItem[]): number {
  return mode(items.map((item) => [item.size, item.text.length])) ?? 10;
}
