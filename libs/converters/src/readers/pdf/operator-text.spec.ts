import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, type PDFRef, StandardFonts } from 'pdf-lib';
import { fixture } from '../../testing/fixtures';
import { type OpenPdf, openPdf } from './pdf-document';
import { operatorText } from './operator-text';

interface Run {
  str: string;
  x: number;
  y: number;
  width: number;
}

/** One page's runs both ways: read from its operator list, and pdf.js's own text content. */
async function bothReadings(pdf: OpenPdf, pageNumber: number): Promise<{ operators: Run[] | undefined; content: Run[] }> {
  const page = await pdf.document.getPage(pageNumber);
  try {
    const list = await page.getOperatorList();
    const fontOf = (id: string) => (page.commonObjs.has(id) ? (page.commonObjs.get(id) as object) : undefined);
    const operators = operatorText(list, pdf.pdfjs.OPS, fontOf, page.view)?.map((run) => ({
      str: pdf.pdfjs.normalizeUnicode(run.str),
      x: run.transform[4],
      y: run.transform[5],
      width: run.width,
    }));
    const content: Run[] = [];
    for (const item of (await page.getTextContent()).items) {
      if ('str' in item && item.str !== '') content.push({ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
    }
    return { operators, content };
  } finally {
    page.cleanup();
  }
}

/** The same runs, in the same order, to a hundredth of a point (the operator list keeps text matrices as 32-bit floats). */
function expectSameRuns(actual: Run[] | undefined, expected: Run[]): void {
  expect(actual?.map((run) => run.str)).toEqual(expected.map((run) => run.str));
  actual?.forEach((run, index) => {
    expect(run.x).toBeCloseTo(expected[index].x, 2);
    expect(run.y).toBeCloseTo(expected[index].y, 2);
    expect(run.width).toBeCloseTo(expected[index].width, 2);
  });
}

async function withPdf<T>(bytes: Uint8Array, use: (pdf: OpenPdf) => Promise<T>): Promise<T> {
  const pdf = await openPdf(bytes);
  try {
    return await use(pdf);
  } finally {
    await pdf.close();
  }
}

/** A one-page PDF (300 × 200 pt) drawing `content`, with Helvetica as /F1; `extend` adds resources or annotations. */
async function handMadePdf(content: string, extend?: (document: PDFDocument, font: PDFRef) => Record<string, PDFRef>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  const font = (await document.embedFont(StandardFonts.Helvetica)).ref;
  page.node.setFontDictionary(PDFName.of('F1'), font);
  for (const [name, ref] of Object.entries(extend?.(document, font) ?? {})) page.node.setXObject(PDFName.of(name), ref);
  page.node.set(PDFName.of('Contents'), document.context.register(document.context.flateStream(content)));
  return document.save();
}

describe('operatorText', () => {
  const producers = [
    ['LibreOffice (typography)', fixture('pdf-html/typography.pdf')],
    ['LibreOffice (two columns)', fixture('pdf-html/two-columns.pdf')],
    ['LibreOffice (a ruled table)', fixture('pdf-html/bordered-table.pdf')],
    ['LibreOffice (an aligned table)', fixture('pdf-html/aligned-table.pdf')],
    ['pdfTeX (headings)', fixture('pdf-structure/headings.pdf')],
    ['pdfTeX (tables)', fixture('pdf-structure/tables.pdf')],
    ['pdfTeX (a two-column paper)', readFileSync(join(__dirname, '../../../bench/corpus/docs/paper.pdf'))],
    ['the sample (headings, lists, a table)', fixture('sample.pdf')],
  ] as const;

  it.each(producers)('reads the runs pdf.js reads as text content, from %s', async (_name, bytes) => {
    await withPdf(bytes, async (pdf) => {
      for (let page = 1; page <= pdf.pageCount; page++) {
        const { operators, content } = await bothReadings(pdf, page);
        expect(content.length).toBeGreaterThan(0);
        expectSameRuns(operators, content);
      }
    });
  });

  it('makes a word-space-sized TJ gap a space inside the run and a wide one a run of its own, as pdf.js does', async () => {
    const bytes = await handMadePdf('BT /F1 12 Tf 20 150 Td [(Hello) -300 (world) -4000 (far) 30 (away)] TJ ET');
    await withPdf(bytes, async (pdf) => {
      const { operators, content } = await bothReadings(pdf, 1);
      expect(operators?.map((run) => run.str)).toEqual(['Hello world', ' ', 'faraway']);
      expectSameRuns(operators, content);
    });
  });

  it("places a form XObject's text by the form's matrix, and reads no annotation's appearance", async () => {
    const bytes = await handMadePdf('q 1 0 0 1 10 10 cm /Fm1 Do Q BT /F1 10 Tf 20 20 Td (On the page) Tj ET', (document, font) => {
      const form = document.context.stream('BT /F1 10 Tf 0 0 Td (In a form) Tj ET', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 200, 50],
        Matrix: [1, 0, 0, 1, 50, 100],
        Resources: { Font: { F1: font } },
      });
      const stamp = document.context.stream('BT /F1 10 Tf 0 0 Td (Stamped) Tj ET', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 20],
        Resources: { Font: { F1: font } },
      });
      const annotation = document.context.obj({
        Type: 'Annot',
        Subtype: 'Stamp',
        Rect: [150, 20, 250, 40],
        AP: { N: document.context.register(stamp) },
      });
      document.getPage(0).node.addAnnot(document.context.register(annotation));
      return { Fm1: document.context.register(form) };
    });
    await withPdf(bytes, async (pdf) => {
      const { operators, content } = await bothReadings(pdf, 1);
      expect(operators?.map((run) => run.str)).toEqual(['In a form', 'On the page']);
      expect(operators?.[0]).toMatchObject({ x: 60, y: 110 });
      expectSameRuns(operators, content);
    });
  });

  it('leaves a page with right-to-left text to getTextContent (pdf.js reorders it)', async () => {
    await withPdf(fixture('pdf-html/rtl.pdf'), async (pdf) => {
      expect((await bothReadings(pdf, 1)).operators).toBeUndefined();
    });
  });

  it('leaves a page set in a Type3 font to getTextContent (pdf.js sizes those by their glyph box)', async () => {
    const bytes = await handMadePdf('BT /T3 12 Tf 20 150 Td (aa) Tj ET', (document) => {
      const glyph = document.context.register(document.context.flateStream('1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f'));
      const type3 = document.context.obj({
        Type: 'Font',
        Subtype: 'Type3',
        FontBBox: [0, 0, 1000, 1000],
        FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
        CharProcs: { a: glyph },
        Encoding: { Type: 'Encoding', Differences: [97, PDFName.of('a')] },
        FirstChar: 97,
        LastChar: 97,
        Widths: [1000],
      });
      document.getPage(0).node.setFontDictionary(PDFName.of('T3'), document.context.register(type3));
      return {};
    });
    await withPdf(bytes, async (pdf) => {
      const { operators, content } = await bothReadings(pdf, 1);
      expect(operators).toBeUndefined();
      expect(content.map((run) => run.str)).toEqual(['aa']);
    });
  });
});
