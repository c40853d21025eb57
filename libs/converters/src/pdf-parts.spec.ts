import type { FormatOptions } from '@docformat/contracts';
import { deserialize, serialize } from 'node:v8';
import { type ConvertInput, type ConvertResult, convertDocument } from './convert';
import { terminateOcr } from './ocr/ocr-engine';
import type { PdfPagesRead } from './readers/pdf/pdf-pages';
import type { PdfSplitPlan } from './readers/pdf/pdf.reader';
import { readerNamed } from './readers/registry';
import { failureCode, fixture } from './testing/fixtures';
import type { SplitPolicy } from './split/part-plan';
import { assemblePdfParts, convertPdfPart } from './pdf-parts';
import { isFirstPart } from './split/split-request';

const OCR_TIMEOUT = 120_000;
/** One page per part: the fixtures are short, the parts' seams what is tested. */
const ONE_PAGE_PARTS: SplitPolicy = { threads: 2, minPartPages: 1, maxPartPages: 1 };

const input = (name: string, options: FormatOptions = {}, contentType = 'application/pdf'): ConvertInput => ({
  bytes: fixture(name),
  contentType,
  fileName: name,
  formats: ['text', 'markdown'],
  maxPages: 20,
  options,
  ocrParallelism: 2,
});

/** Through the three steps as the worker runs them, every part crossing a thread boundary (structured clone). */
async function convertSplit(convert: ConvertInput, policy = ONE_PAGE_PARTS): Promise<{ result: ConvertResult; plans: PdfSplitPlan[] }> {
  const plans: PdfSplitPlan[] = [];
  const started = await convertDocument(convert, { policy, onPlan: (plan) => plans.push(plan as PdfSplitPlan) });
  if (!isFirstPart(started)) return { result: started, plans };
  const packed = [serialize(started.part)];
  for (const pages of started.plan.parts.slice(1)) {
    packed.push(
      serialize(await convertPdfPart({ bytes: convert.bytes, pages, options: convert.options, ocrParallelism: 2, keep: convert.keep })),
    );
  }
  const plan = deserialize(serialize(started.plan)) as PdfSplitPlan;
  const result = await assemblePdfParts({
    plan,
    readParts: () => packed.map((part) => deserialize(part)),
    formats: convert.formats,
    options: convert.options,
    keep: convert.keep,
  });
  return { result, plans };
}

afterAll(() => terminateOcr());

describe('a PDF converted in parts gives what the whole conversion gives', () => {
  const multiPage = [
    'sample.pdf',
    'encrypted-empty-user-password.pdf',
    'pdf-html/two-columns.pdf',
    'pdf-html/typography.pdf',
    'pdf-structure/tables.pdf',
  ];
  const variants: FormatOptions[] = [{}, { pageMarkers: true }, { pages: '2-4' }, { pages: '1,3-', pageMarkers: true }];

  for (const name of multiPage) {
    it(`${name}: text and markdown, with page markers and page selections`, async () => {
      for (const options of variants) {
        const { result, plans } = await convertSplit(input(name, options));
        expect(result).toEqual(await convertDocument(input(name, options)));
        // A selection of one page is not split.
        const selected = result.pagesConverted?.length ?? result.pages;
        expect(plans.map((plan) => plan.parts.flat())).toEqual(selected > 1 ? [plans[0].wanted] : []);
      }
    });
  }

  it('reads the pictures of every part, numbered over the whole document', async () => {
    for (const convert of [
      input('extraction/figures.pdf', { images: 'referenced' }),
      { ...input('extraction/figures.pdf'), keep: { extraction: true } },
    ]) {
      const { result, plans } = await convertSplit(convert);
      expect(plans[0].parts).toEqual([[1], [2]]);
      expect(result).toEqual(await convertDocument(convert));
      expect(result.images?.map((image) => [image.n, image.page])).toEqual([
        [1, 1],
        [2, 2],
      ]);
    }
  });

  it('carries the metadata, the page count and the pages converted', async () => {
    const { result } = await convertSplit(input('sample.pdf', { pages: '2-4' }));
    expect(result).toMatchObject({
      pages: 4,
      pagesConverted: [2, 3, 4],
      metadata: { title: 'Document Conversion Handbook' },
      warnings: [],
    });
  });

  it(
    'OCRs scanned pages in every part, snaps OCR type sizes over all of them, and merges the OCR summary and warnings',
    async () => {
      for (const name of ['scanned/scanned-report.pdf', 'scanned/mixed-text-and-scan.pdf']) {
        const whole = await convertDocument(input(name, { pageMarkers: true }));
        const { result, plans } = await convertSplit(input(name, { pageMarkers: true }));
        expect(plans[0].parts.length).toBeGreaterThan(1);
        expect(result).toEqual(whole);
        if (name === 'scanned/scanned-report.pdf') expect(result.ocr?.pages).toEqual([1, 2, 3]);
      }
    },
    OCR_TIMEOUT,
  );

  it('says NO_TEXT_FOUND once for a split scan with OCR off', async () => {
    const { result, plans } = await convertSplit(input('scanned/scanned-report.pdf', { ocr: 'off' }));
    expect(plans).toHaveLength(1);
    expect(result).toEqual(await convertDocument(input('scanned/scanned-report.pdf', { ocr: 'off' })));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['NO_TEXT_FOUND']);
  });
});

describe('convertDocument with a split request', () => {
  it('converts a short PDF and any other document whole, without a plan', async () => {
    const short = await convertSplit(input('sample.pdf'), { threads: 2, minPartPages: 3, maxPartPages: 512 });
    expect(short.plans).toEqual([]);
    expect(short.result).toEqual(await convertDocument(input('sample.pdf')));
    const markdown = await convertSplit(input('sample.md', {}, 'text/markdown'));
    expect(markdown.plans).toEqual([]);
    expect(markdown.result).toEqual(await convertDocument(input('sample.md', {}, 'text/markdown')));
  });

  it('reads with the identification it is given, without identifying again', async () => {
    const asPdf = { mimeType: 'application/pdf', reader: readerNamed('pdf') };
    const { result, plans } = await convertSplit({ ...input('sample.pdf'), identified: asPdf });
    expect(plans).toHaveLength(1);
    expect(result).toEqual(await convertDocument(input('sample.pdf')));
    // Markdown given as a PDF goes to the PDF reader, which cannot read it.
    const split = { policy: ONE_PAGE_PARTS, onPlan: () => undefined };
    const markdown = { ...input('sample.md', {}, 'text/markdown'), identified: asPdf };
    await expect(failureCode(convertDocument(markdown, split))).resolves.toBe('CORRUPT_DOCUMENT');
  });

  it('announces the plan before reading the first part', async () => {
    let announced: unknown;
    const started = await convertDocument(input('sample.pdf'), { policy: ONE_PAGE_PARTS, onPlan: (plan) => (announced = plan) });
    expect(isFirstPart(started)).toBe(true);
    expect(announced).toEqual({
      pageCount: 4,
      metadata: expect.objectContaining({ author: 'Ada Example' }),
      wanted: [1, 2, 3, 4],
      // The outline's bookmarks, for the thread that assembles the parts.
      headingHints: expect.arrayContaining([{ level: 2, page: 2, text: 'Output Formats' }]),
      parts: [[1], [2], [3], [4]],
    });
    expect(isFirstPart(started) && (started.part as PdfPagesRead).pages).toHaveLength(1);
  });

  it('counts the whole selection against maxPages, before any part', async () => {
    const onPlan = jest.fn();
    const run = convertDocument({ ...input('sample.pdf'), maxPages: 3 }, { policy: ONE_PAGE_PARTS, onPlan });
    await expect(failureCode(run)).resolves.toBe('TOO_MANY_PAGES');
    expect(onPlan).not.toHaveBeenCalled();
  });

  it('fails damaged and encrypted PDFs with the codes of the whole conversion', async () => {
    const split = { policy: ONE_PAGE_PARTS, onPlan: () => undefined };
    await expect(failureCode(convertDocument(input('truncated.pdf'), split))).resolves.toBe('CORRUPT_DOCUMENT');
    await expect(failureCode(convertDocument(input('encrypted-user-password.pdf'), split))).resolves.toBe('ENCRYPTED_DOCUMENT');
  });
});

describe('convertPdfPart', () => {
  it('fails with the codes of the whole conversion', async () => {
    await expect(failureCode(convertPdfPart({ bytes: fixture('truncated.pdf'), pages: [1] }))).resolves.toBe('CORRUPT_DOCUMENT');
    await expect(failureCode(convertPdfPart({ bytes: fixture('encrypted-user-password.pdf'), pages: [1] }))).resolves.toBe(
      'ENCRYPTED_DOCUMENT',
    );
    // A page pdf.js cannot give, as a damaged page tree would not.
    await expect(failureCode(convertPdfPart({ bytes: fixture('sample.pdf'), pages: [4, 9] }))).resolves.toBe('CORRUPT_DOCUMENT');
  });

  it('reads only its pages, from bytes in shared memory', async () => {
    const bytes = fixture('sample.pdf');
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    shared.set(bytes);
    const part = (await convertPdfPart({ bytes: shared, pages: [2, 3] })) as PdfPagesRead;
    expect(part.pages).toHaveLength(2);
    expect(part.ocr).toEqual([]);
  });
});
