import { convertText } from './testing/convert-text';
import { fixture } from './testing/fixtures';
import { readPdfBlocks } from './testing/pdf-blocks';

const convert = (name: string, mimeType: string, options: Record<string, unknown>, formats = ['text', 'markdown']) =>
  convertText({ bytes: fixture(name), contentType: mimeType, fileName: name, formats, maxPages: 100, options });

describe('pages: every block tied to its page, page selection and page markers', () => {
  it('PDF: every block carries its page and box', async () => {
    const blocks = await readPdfBlocks('sample.pdf');
    expect(blocks.length).toBeGreaterThan(5);
    for (const block of blocks) {
      expect(block.page).toBeGreaterThanOrEqual(1);
      expect(block.page).toBeLessThanOrEqual(4);
      expect(block.bbox).toHaveLength(4);
    }
    expect(new Set(blocks.map((block) => block.page)).size).toBe(4);
  });

  it('PDF: "2-3,9" converts pages 2 and 3 only; pages stays the page count', async () => {
    const all = await convert('sample.pdf', 'application/pdf', { pageMarkers: true });
    const some = await convert('sample.pdf', 'application/pdf', { pages: '2-3,9', pageMarkers: true });
    expect(some.pages).toBe(4);
    expect(some.pagesConverted).toEqual([2, 3]);
    expect(all.pagesConverted).toBeUndefined();
    const pageOf = (markdown: string, page: number) => markdown.split(/<!-- page \d+ -->/)[page] ?? '';
    expect(some.outputs.markdown).not.toContain('<!-- page 1 -->');
    expect(some.outputs.markdown).toContain('<!-- page 2 -->');
    expect(some.outputs.markdown).toContain('<!-- page 3 -->');
    expect(some.outputs.markdown).not.toContain('<!-- page 4 -->');
    // Page 1's words are gone; page 2's are the same as in the whole document.
    const firstPageWords = pageOf(all.outputs.markdown, 1).trim().split(/\s+/).slice(0, 8).join(' ');
    expect(some.outputs.markdown).not.toContain(firstPageWords);
    expect(some.outputs.markdown).toContain(pageOf(all.outputs.markdown, 2).trim().split('\n')[0]);
  });

  it('PDF text with page markers: pages separated by form feeds', async () => {
    const { outputs } = await convert('sample.pdf', 'application/pdf', { pageMarkers: true }, ['text']);
    expect(outputs.text.split('\f')).toHaveLength(4);
    const plain = await convert('sample.pdf', 'application/pdf', {}, ['text']);
    expect(plain.outputs.text).not.toContain('\f');
  });

  it('slides: a selection converts only those slides', async () => {
    const all = await convert('office-data/deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', {});
    const second = await convert('office-data/deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', {
      pages: '2',
      pageMarkers: true,
    });
    expect(all.pages).toBeGreaterThan(1);
    expect(second.pages).toBe(all.pages);
    expect(second.pagesConverted).toEqual([2]);
    expect(second.outputs.markdown).toContain('<!-- page 2 -->');
    expect(second.outputs.markdown.length).toBeLessThan(all.outputs.markdown.length);
  });

  it('sheets: a selection converts only those sheets', async () => {
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const all = await convert('office-data/workbook.xlsx', mime, {});
    const first = await convert('office-data/workbook.xlsx', mime, { pages: '1' });
    expect(all.pages).toBeGreaterThan(1);
    expect(first.pagesConverted).toEqual([1]);
    const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings(first.outputs.markdown)).toEqual(headings(all.outputs.markdown).slice(0, 1));
  });
});
