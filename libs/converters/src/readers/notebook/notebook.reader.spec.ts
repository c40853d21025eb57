import { convertText } from '../../testing/convert-text';
import { convertFixture, failureCode } from '../../testing/fixtures';

const notebook = (value: unknown) =>
  convertText({
    bytes: Buffer.from(JSON.stringify(value)),
    contentType: 'application/x-ipynb+json',
    formats: ['markdown', 'text'],
    maxPages: 1,
  });

describe('Notebook reader: analysis.ipynb', () => {
  let markdown: string;
  let text: string;
  let result: Awaited<ReturnType<typeof convertFixture>>;

  beforeAll(async () => {
    // Served without a type: the .ipynb extension picks the reader.
    result = await convertFixture('misc/analysis.ipynb', 'application/octet-stream');
    ({ markdown, text } = result.outputs as { markdown: string; text: string });
  });

  it('keeps the markdown cells as structure: headings, emphasis, lists', () => {
    expect(
      markdown.startsWith(
        '# Sales Analysis\n\nThis notebook sums **quarterly sales**.\n\n## Steps\n\n- Load the data\n- Sum the quarters\n',
      ),
    ).toBe(true);
    expect(markdown).toMatch(/^### Chart$/m);
  });

  it('fences code cells in the kernel language, followed by their text outputs', () => {
    expect(markdown).toContain("```python\nsales = [120, 340, 560]\nprint('total', sum(sales))\n```\n\n```text\ntotal 1020\n```");
    expect(markdown).toContain('```python\nmax(sales)\n```\n\n```text\n560\n```');
    expect(markdown).toContain('```text\nZeroDivisionError: division by zero\n```');
  });

  it('replaces image outputs by a placeholder: no base64, no HTML twin, no ANSI colours', () => {
    expect(text).toContain('plot(sales)\n\n[Image output]');
    for (const output of [markdown, text]) {
      expect(output).not.toMatch(/iVBORw0KGgo|<Figure size|<b>560<\/b>/);
      expect(output).not.toContain('\u001b');
    }
  });

  it('reads the title from the first H1 and the authors from the metadata; one page', () => {
    expect(result.metadata).toEqual({ title: 'Sales Analysis', author: 'Ada Example' });
    expect(result.pages).toBe(1);
  });
});

describe('Notebook reader: variants', () => {
  it('takes the language from language_info and the title from metadata when there is no H1', async () => {
    const result = await notebook({
      nbformat: 4,
      metadata: { title: 'Untitled analysis', language_info: { name: 'R' } },
      cells: [
        { cell_type: 'code', source: 'summary(cars)', outputs: [] },
        { cell_type: 'raw', source: 'raw text' },
      ],
    });
    expect(result.outputs['markdown']).toBe('# Untitled analysis\n\n```r\nsummary(cars)\n```\n\n```\nraw text\n```\n');
  });

  it('reads nbformat 3 worksheets', async () => {
    const result = await notebook({
      nbformat: 3,
      worksheets: [{ cells: [{ cell_type: 'code', input: ['x = 1'], outputs: [{ output_type: 'pyout', text: ['1'] }] }] }],
    });
    expect(result.outputs['markdown']).toBe('```\nx = 1\n```\n\n```text\n1\n```\n');
  });

  it('survives odd cells (null, unknown types, missing sources)', async () => {
    const result = await notebook({
      nbformat: 4,
      cells: [null, { cell_type: 'widget' }, { cell_type: 'markdown' }, { cell_type: 'markdown', source: 'Kept' }],
    });
    expect(result.outputs['markdown']).toBe('Kept\n');
  });

  it.each([
    ['JSON that is not a notebook', JSON.stringify({ cells: 'nope' })],
    ['a truncated notebook', JSON.stringify({ nbformat: 4, cells: [] }).slice(0, 10)],
    ['bytes that are not JSON', '\u0000\u0001binary'],
  ])('fails %s with CORRUPT_DOCUMENT', async (_name, source) => {
    const run = convertText({ bytes: Buffer.from(source), contentType: '', fileName: 'x.ipynb', formats: ['text'], maxPages: 1 });
    expect(await failureCode(run)).toBe('CORRUPT_DOCUMENT');
  });
});
