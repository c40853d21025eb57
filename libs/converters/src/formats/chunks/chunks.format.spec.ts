import type { ChunkingOptions } from '@docformat/contracts';
import { join } from 'node:path';
import { CORPUS_DIR, FIXTURES_DIR, renderFile } from '../../testing/fixtures';
import type { Chunk } from './chunks.format';
import { countTokens } from './token-count';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A file's chunks, with the rules every chunk keeps checked first. */
async function chunksOf(path: string, mimeType: string, chunking: ChunkingOptions = {}): Promise<Chunk[]> {
  const chunks = (await renderFile(path, mimeType, 'chunks', { chunking })) as Chunk[];
  const maxTokens = chunking.maxTokens ?? 512;
  chunks.forEach((chunk, index) => {
    expect(chunk.index).toBe(index);
    expect(chunk.tokens).toBe(countTokens(chunk.text));
    expect(chunk.chars).toBe([...chunk.text].length);
    expect(chunk.text.trim()).toBe(chunk.text);
    // No chunk ends on a heading; none is over the limit unless it is a single table row or code line.
    expect(chunk.text).not.toMatch(/(^|\n)#{1,6} [^\n]*$/);
    if (chunk.tokens > maxTokens) expect(isOneRowOrLine(chunk.text)).toBe(true);
    if (index > 0) expect(chunk.pages[0]).toBeGreaterThanOrEqual(chunks[index - 1].pages[0]);
  });
  return chunks;
}

/** The longest run of whole sentences at the start of `text` that ends `previous`: what an overlap repeated. */
function repeatedStart(previous: string, text: string): string {
  const ends = [...text.matchAll(/\.(?=\s|$)/g)].map((match) => match.index + 1).reverse();
  const end = ends.find((e) => previous.endsWith(text.slice(0, e)));
  return end === undefined ? '' : text.slice(0, end);
}

/** A table header with one row, or one fenced code line. */
function isOneRowOrLine(text: string): boolean {
  const lines = text.split('\n');
  return (lines.length === 3 && lines.every((line) => line.startsWith('|'))) || (lines.length === 3 && lines[0].startsWith('```'));
}

describe('chunks format', () => {
  it('sample.md: one chunk per section whose texts, put together, are the markdown output', async () => {
    const path = join(FIXTURES_DIR, 'sample.md');
    const chunks = await chunksOf(path, 'text/markdown', { maxTokens: 100 });
    const markdown = (await renderFile(path, 'text/markdown', 'markdown')) as string;
    expect(chunks.map((chunk) => chunk.text).join('\n\n')).toBe(markdown.trim());
    expect(chunks.map((chunk) => chunk.headings.at(-1))).toEqual([
      'Document Conversion Handbook',
      'Supported Inputs',
      'Processing Steps',
      'Output Formats',
      'Reliability Engineering',
      'Reliability Engineering',
      'Observability',
      'Observability',
      'Security Considerations',
      'Frequently Asked Questions',
      'Appendix',
    ]);
    expect(chunks[2].headings).toEqual(['Document Conversion Handbook', 'Supported Inputs', 'Processing Steps']);
    expect(chunks.every((chunk) => chunk.pages[0] === 1 && chunk.pages[1] === 1)).toBe(true);
  });

  describe('a long PDF (the first chapter of "An Introduction to R", 8 pages)', () => {
    let chunks: Chunk[];
    beforeAll(async () => {
      chunks = await chunksOf(join(CORPUS_DIR, 'r-intro-ch1.pdf'), 'application/pdf', { maxTokens: 256 });
    });

    it('covers every page from the first to the last, in order, with ranges where a chunk crosses a page', () => {
      expect(chunks.length).toBeGreaterThan(12);
      expect(chunks[0].pages[0]).toBe(1);
      expect(chunks.at(-1)?.pages[1]).toBe(8);
      expect(chunks.some((chunk) => chunk.pages[1] > chunk.pages[0])).toBe(true);
      expect(new Set(chunks.flatMap((chunk) => chunk.pages))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    });

    it('starts each numbered section in a chunk of its own, under its chapter', () => {
      const using = chunks.find((chunk) => chunk.text.startsWith('## 1.5 Using R interactively'));
      expect(using).toMatchObject({ headings: ['1 Introduction and preliminaries', '1.5 Using R interactively'], pages: [4, 4] });
      const statistics = chunks.filter((chunk) => chunk.headings.at(-1) === '1.3 R and statistics');
      expect(statistics.length).toBeGreaterThan(0);
      expect(chunks.find((chunk) => chunk.text.startsWith('# Preface'))?.pages).toEqual([2, 2]);
    });
  });

  it('a long PDF table (a 40-row longtable over a page break): split between rows, header repeated', async () => {
    const chunks = await chunksOf(join(CORPUS_DIR, 'longreport.pdf'), 'application/pdf', { maxTokens: 200 });
    const header = '| Site | Type | 2023 | 2024 | Change |\n| --- | --- | --- | --- | --- |\n';
    const parts = chunks.filter((chunk) => chunk.text.includes('| Abbey Fields |') || chunk.text.startsWith(header));
    expect(parts.length).toBeGreaterThanOrEqual(4);
    for (const part of parts) {
      expect(part.text.startsWith(header)).toBe(true);
      // The report's title and its numbered sections are all level 1: the section alone is the path.
      expect(part.headings).toEqual(['3 Results by Site']);
    }
    const rows = parts.flatMap((part) => part.text.split('\n').slice(2));
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => /^\| [A-Z][a-z]+ [A-Za-z ]*\| [a-z]+ \| \d+ \| \d+ \| \\?-?\d+% \|$/.test(row))).toBe(true);
  });

  describe('a long DOCX (a 12-chapter handbook)', () => {
    const path = join(FIXTURES_DIR, 'long-docs/long-handbook.docx');
    let chunks: Chunk[];
    beforeAll(async () => {
      chunks = await chunksOf(path, DOCX, { maxTokens: 256 });
    });

    it('cuts it at headings and paragraphs, every chunk on the one page a DOCX has', () => {
      expect(chunks.length).toBeGreaterThan(50);
      expect(chunks.every((chunk) => chunk.pages[0] === 1 && chunk.pages[1] === 1)).toBe(true);
      for (const chunk of chunks.filter((c) => !c.text.startsWith('|') && !c.text.startsWith('```'))) {
        // Cut between paragraphs: a chunk starts with a heading or a sentence and ends a sentence or a list item.
        expect(chunk.text).toMatch(/^(#{1,6} |[A-Z]|- |1\. )/);
      }
      const section = chunks.find((chunk) => chunk.text.startsWith('## Section 4.2'));
      expect(section?.headings).toEqual(['Chapter 4', 'Section 4.2']);
    });

    it('splits the 60-row table between rows with its header, every row once', () => {
      const parts = chunks.filter((chunk) => chunk.text.startsWith('| Site | Region | Pages | Status |\n| --- | --- | --- | --- |\n'));
      expect(parts.length).toBeGreaterThan(2);
      const rows = parts.flatMap((part) => part.text.split('\n').slice(2));
      expect(rows).toEqual(
        Array.from({ length: 60 }, (_, i) => expect.stringMatching(new RegExp(`^\\| site-${String(i + 1).padStart(2, '0')} \\|`))),
      );
    });

    it('keeps the short code block whole and fences every part of the long one', () => {
      expect(chunks.filter((chunk) => chunk.text.includes('def pages(job):\n    return job.pages\n```'))).toHaveLength(1);
      const parts = chunks.filter((chunk) => chunk.text.includes('export const step'));
      expect(parts.length).toBeGreaterThan(2);
      for (const part of parts) expect(part.text).toMatch(/^```\n(export const step\d+ = .*\n)+```$/);
      const steps = parts.flatMap((part) => part.text.match(/step\d+ =/g) ?? []);
      expect(steps).toEqual(Array.from({ length: 70 }, (_, i) => `step${String(i + 1).padStart(2, '0')} =`));
    });

    it('packs more into each chunk with strategy "size", naming the headings its text shares', async () => {
      const packed = await chunksOf(path, DOCX, { maxTokens: 256, strategy: 'size' });
      expect(packed.length).toBeLessThan(chunks.length);
      expect(packed.some((chunk) => (chunk.text.match(/^#{1,6} /gm) ?? []).length > 1)).toBe(true);
      const across = packed.filter((chunk) => (chunk.text.match(/^## /gm) ?? []).length > 1);
      expect(across.length).toBeGreaterThan(0);
      for (const chunk of across) expect(chunk.headings).toHaveLength(1);
      expect(packed.reduce((sum, chunk) => sum + chunk.tokens, 0)).toBeGreaterThan(10_000);
    });

    it('repeats the end of the chunk before within overlapTokens, where a chunk continues a section', async () => {
      const overlapping = await chunksOf(path, DOCX, { maxTokens: 256, overlapTokens: 64, strategy: 'size' });
      let repeated = 0;
      for (const [i, chunk] of overlapping.entries()) {
        if (i === 0 || /^(#|\||```)/.test(chunk.text)) continue;
        const overlap = repeatedStart(overlapping[i - 1].text, chunk.text);
        if (overlap === '') continue;
        repeated++;
        expect(countTokens(overlap)).toBeLessThanOrEqual(64);
      }
      expect(repeated).toBeGreaterThan(overlapping.length / 3);
      expect(overlapping.length).toBeGreaterThan((await chunksOf(path, DOCX, { maxTokens: 256, strategy: 'size' })).length);
    });
  });
});
