import { JobFailure } from '@docformat/contracts';
import { convertText } from '../../testing/convert-text';
import { join } from 'node:path';
import { FIXTURES_DIR, convertFixture, failureCode, fixture, renderFile } from '../../testing/fixtures';

describe('PDF reader (sample.pdf through convertDocument)', () => {
  let result: Awaited<ReturnType<typeof convertFixture>>;
  let markdown: string;
  let text: string;

  beforeAll(async () => {
    result = await convertFixture('sample.pdf', 'application/pdf');
    markdown = result.outputs['markdown'];
    text = result.outputs['text'];
  });

  it('counts pages and reads the info dictionary', () => {
    expect(result.pages).toBe(4);
    expect(result.metadata).toMatchObject({
      title: 'Document Conversion Handbook',
      author: 'Ada Example',
      subject: 'How the docformat service turns documents into text',
      producer: 'LibreOffice 7.4',
    });
    expect(result.metadata.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });

  it('takes heading levels from the outline (bookmarks), which names the title and its sections', () => {
    // The LaTeX source bookmarks the title block at level 1 and its sections below it.
    expect(markdown).toMatch(/^# Document Conversion Handbook$/m);
    expect(markdown).toMatch(/^## Supported Inputs$/m);
    expect(markdown).toMatch(/^### Processing Steps$/m);
    expect(markdown).toMatch(/^## Output Formats$/m);
    expect(markdown).toMatch(/^### Observability$/m);
    expect(markdown).toMatch(/^## Security Considerations$/m);
  });

  it('ranks font sizes into heading levels when the outline is ignored', async () => {
    const typography = (await renderFile(join(FIXTURES_DIR, 'sample.pdf'), 'application/pdf', 'markdown', undefined, {
      declaredStructure: false,
    })) as string;
    // The cover's title (level 1) and the first page's title, set smaller (level 2),
    // are two styles above the sections, which the outline alone puts at level 2.
    expect(typography).toMatch(/^# Document Conversion Handbook$/m);
    expect(typography).toMatch(/^## Document Conversion Handbook$/m);
    expect(typography).toMatch(/^### Supported Inputs$/m);
    // The source's H2 and H3 share size and weight (14 pt bold); only italic tells them
    // apart, and H3 ranks below as the style used later.
    expect(typography).toMatch(/^#### Processing Steps$/m);
    expect(typography).toMatch(/^#### Observability$/m);
    expect(typography).toMatch(/^### Security Considerations$/m);
  });

  it('removes the running header and the page numbers', () => {
    expect(text).not.toContain('DocFormat Fixture Report');
    expect(markdown).not.toContain('DocFormat Fixture Report');
    expect(text).not.toMatch(/^\d+$/m);
  });

  it('joins words hyphenated at line ends, also across a page break', () => {
    for (const word of [
      'converters',
      'characterization',
      'representational',
      'considerations',
      'independently',
      'identifier',
      'demonstrate',
    ]) {
      expect(text).toContain(word);
    }
    expect(text).not.toMatch(/\b(convert|characteri|repre|indepen|identi|demon)- ?\w/);
    // A real hyphen inside a line stays.
    expect(text).toContain('human-readable');
  });

  it('joins lines into paragraphs, across pages when the sentence goes on', () => {
    expect(text).toContain(
      'Administrators configure the maximum number of pages, the maximum download size and the conversion timeout independently.',
    );
    expect(text).toContain('\n\nResponsiveness matters as much as correctness.');
  });

  it('detects bulleted, nested and numbered lists', () => {
    expect(markdown).toContain('- Portable Document Format files\n- Hypertext pages\n  - Nested item about semantic markup\n');
    expect(markdown).toContain('1. Download the document from its origin\n2. Detect the media type and pick a reader\n');
    expect(text).not.toContain('•');
    expect(text).not.toContain('◦');
  });

  it('keeps bold and italic runs and monospace lines as code', () => {
    expect(markdown).toContain('*document conversion*');
    expect(markdown).toContain('**plain text**');
    expect(markdown).toMatch(/```\nconst job = await client\.format/);
  });

  it('writes text without markup', () => {
    expect(text).not.toMatch(/^#/m);
    expect(text).not.toContain('**');
    expect(text).not.toContain('```');
  });
});

describe('PDF failures', () => {
  it('rejects a PDF that needs a user password as ENCRYPTED_DOCUMENT', async () => {
    await expect(failureCode(convertFixture('encrypted-user-password.pdf', 'application/pdf'))).resolves.toBe('ENCRYPTED_DOCUMENT');
  });

  it('converts a PDF encrypted with an empty user password', async () => {
    const result = await convertFixture('encrypted-empty-user-password.pdf', 'application/pdf');
    expect(result.pages).toBe(4);
    expect(result.outputs['text']).toContain('Document Conversion Handbook');
  });

  it('rejects a truncated PDF as CORRUPT_DOCUMENT', async () => {
    await expect(failureCode(convertFixture('truncated.pdf', 'application/pdf'))).resolves.toBe('CORRUPT_DOCUMENT');
  });

  it('rejects bytes that are not a PDF at all as CORRUPT_DOCUMENT', async () => {
    const run = convertText({ bytes: Buffer.from('hello, not a pdf'), contentType: 'application/pdf', formats: ['text'], maxPages: 10 });
    await expect(run).rejects.toBeInstanceOf(JobFailure);
    await expect(failureCode(run)).resolves.toBe('CORRUPT_DOCUMENT');
  });

  it('fails with TOO_MANY_PAGES when the page count exceeds maxPages', async () => {
    const run = convertText({ bytes: fixture('sample.pdf'), contentType: 'application/pdf', formats: ['text'], maxPages: 3 });
    await expect(run).rejects.toThrow('The document has 4 pages; at most 3 pages are allowed.');
    await expect(failureCode(run)).resolves.toBe('TOO_MANY_PAGES');
  });
});
