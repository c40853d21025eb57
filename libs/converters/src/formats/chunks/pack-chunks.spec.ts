import type { ChunkingOptions } from '@docformat/contracts';
import type { Block, IntermediateDocument } from '../../document';
import { renderOptions } from '../../testing/render-options';
import { type Chunk, chunkDocument } from './chunks.format';
import { countTokens } from './token-count';

const text = (value: string) => [{ type: 'text' as const, text: value }];
const heading = (level: 1 | 2 | 3, value: string, page?: number): Block => ({
  type: 'heading',
  level,
  content: text(value),
  ...(page ? { page } : {}),
});
const para = (value: string, page?: number): Block => ({ type: 'paragraph', content: text(value), ...(page ? { page } : {}) });
/** A sentence of 13 tokens. */
const sentence = (n: number) => `Sentence ${n} states a longer fact about converting documents into chunks.`;
/** A paragraph of 13 tokens per sentence. */
const sentences = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

function chunk(blocks: Block[], chunking: ChunkingOptions, pages = 1): Chunk[] {
  const document: IntermediateDocument = { pages, metadata: {}, blocks };
  const chunks = chunkDocument(document, renderOptions({ chunking }));
  // What every chunk keeps, whatever the rules: an index in order, its own counts, a page range.
  chunks.forEach((c, index) => {
    expect(c.index).toBe(index);
    expect(c.text).not.toBe('');
    expect(c.tokens).toBe(countTokens(c.text));
    expect(c.chars).toBe([...c.text].length);
    expect(c.pages[0]).toBeLessThanOrEqual(c.pages[1]);
  });
  return chunks;
}

const texts = (chunks: Chunk[]) => chunks.map((c) => c.text);

describe('chunks: strategy "heading"', () => {
  it('starts a chunk at every heading, each with its heading path', () => {
    const chunks = chunk(
      [heading(1, 'Guide'), para(sentence(1)), heading(2, 'Install'), para(sentences(2, 3)), heading(2, 'Use'), para(sentences(5, 3))],
      { maxTokens: 64 },
    );
    expect(texts(chunks)).toEqual([`# Guide\n\n${sentence(1)}`, `## Install\n\n${sentences(2, 3)}`, `## Use\n\n${sentences(5, 3)}`]);
    expect(chunks.map((c) => c.headings)).toEqual([['Guide'], ['Guide', 'Install'], ['Guide', 'Use']]);
  });

  it('never leaves a heading alone: headings that follow each other go with the text after them', () => {
    const chunks = chunk([heading(1, 'Book'), heading(2, 'Part'), heading(3, 'Chapter'), para(sentence(1))], { maxTokens: 64 });
    expect(texts(chunks)).toEqual([`# Book\n\n## Part\n\n### Chapter\n\n${sentence(1)}`]);
    expect(chunks[0].headings).toEqual(['Book', 'Part', 'Chapter']);
  });

  it('lets a small section share its chunk with the next sibling when that fits, named by their parent', () => {
    const glossary = [heading(1, 'Glossary'), ...[1, 2, 3, 4].flatMap((n) => [heading(2, `Term ${n}`), para(`Meaning ${n}.`)])];
    const chunks = chunk(glossary, { maxTokens: 64 });
    expect(texts(chunks)).toEqual([
      '# Glossary\n\n## Term 1\n\nMeaning 1.\n\n## Term 2\n\nMeaning 2.',
      '## Term 3\n\nMeaning 3.\n\n## Term 4\n\nMeaning 4.',
    ]);
    expect(chunks.map((c) => c.headings)).toEqual([['Glossary'], ['Glossary']]);
  });

  it('keeps a child section in a chunk of its own, and a sibling that does not fit beside the small chunk before', () => {
    const chunks = chunk(
      [heading(2, 'Parent'), para('Short.'), heading(3, 'Child'), para('Short too.'), heading(3, 'Sibling'), para(sentences(1, 4))],
      { maxTokens: 60 },
    );
    expect(chunks.map((c) => c.headings)).toEqual([['Parent'], ['Parent', 'Child'], ['Parent', 'Sibling']]);
  });

  it('cuts a section longer than a chunk between paragraphs, under the same heading path', () => {
    const chunks = chunk([heading(2, 'Long'), para(sentences(1, 3)), para(sentences(4, 3)), para(sentences(7, 3))], { maxTokens: 64 });
    expect(texts(chunks)).toEqual([`## Long\n\n${sentences(1, 3)}`, sentences(4, 3), sentences(7, 3)]);
    expect(chunks.every((c) => c.headings.join() === 'Long' && c.tokens <= 64)).toBe(true);
  });
});

describe('chunks: strategy "size"', () => {
  it('packs across headings up to the limit, names the common parent, and never ends a chunk on a heading', () => {
    const chunks = chunk(
      [heading(1, 'Top'), heading(2, 'A'), para(sentence(1)), heading(2, 'B'), para(sentence(2)), heading(2, 'C'), para(sentences(3, 3))],
      { maxTokens: 64, strategy: 'size' },
    );
    expect(texts(chunks)).toEqual([`# Top\n\n## A\n\n${sentence(1)}\n\n## B\n\n${sentence(2)}`, `## C\n\n${sentences(3, 3)}`]);
    expect(chunks.map((c) => c.headings)).toEqual([['Top'], ['Top', 'C']]);
    for (const c of chunks) expect(c.text).not.toMatch(/(^|\n)#+ [^\n]*$/);
  });
});

describe('chunks: sizes', () => {
  it('cuts a paragraph longer than a chunk between sentences, starting it in a chunk of its own', () => {
    const long = sentences(1, 12);
    const chunks = chunk([para('Intro.'), para(long)], { maxTokens: 64, strategy: 'size' });
    expect(chunks[0].text).toBe('Intro.');
    expect(
      chunks
        .slice(1)
        .map((c) => c.text)
        .join(' '),
    ).toBe(long);
    for (const c of chunks.slice(1)) {
      expect(c.tokens).toBeLessThanOrEqual(64);
      expect(c.text).toMatch(/^Sentence \d+ .*chunks\.$/);
    }
  });

  it('cuts a word longer than a chunk between characters', () => {
    const blob = 'QmFzZTY0'.repeat(300);
    const chunks = chunk([para(blob)], { maxTokens: 32 });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.every((c) => c.tokens <= 32)).toBe(true);
    expect(texts(chunks).join('')).toBe(blob);
  });

  it('splits a table longer than a chunk between rows, its header row repeated in every part', () => {
    const row = (n: number) => [text(`site-${n}`), text(`region ${n % 3}`), text(String(n * 7))];
    const table: Block = {
      type: 'table',
      header: [text('Site'), text('Region'), text('Pages')],
      rows: Array.from({ length: 40 }, (_, n) => row(n)),
    };
    const chunks = chunk([para('Before.'), table], { maxTokens: 80 });
    expect(chunks[0].text).toBe('Before.');
    const parts = chunks.slice(1);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      expect(part.text.startsWith('| Site | Region | Pages |\n| --- | --- | --- |\n| site-')).toBe(true);
      expect(part.tokens).toBeLessThanOrEqual(80);
      for (const line of part.text.split('\n')) expect(line).toMatch(/^\| .* \|$/);
    }
    const rows = parts.flatMap((part) => part.text.split('\n').slice(2));
    expect(rows).toEqual(Array.from({ length: 40 }, (_, n) => `| site-${n} | region ${n % 3} | ${n * 7} |`));
  });

  it('gives a row longer than a chunk a chunk of its own with the header, the only chunk over the limit', () => {
    const long = `${'word '.repeat(120)}end`;
    const table: Block = {
      type: 'table',
      header: [text('Name'), text('Notes')],
      rows: [
        [text('a'), text('short')],
        [text('b'), text(long)],
        [text('c'), text('short')],
        [text('d'), text(sentence(1))],
      ],
    };
    const chunks = chunk([table], { maxTokens: 64 });
    const over = chunks.filter((c) => c.tokens > 64);
    expect(over.map((c) => c.text)).toEqual([`| Name | Notes |\n| --- | --- |\n| b | ${long} |`]);
  });

  it('keeps a code block whole when it fits, in a chunk of its own when the one before is full', () => {
    const code: Block = { type: 'code', language: 'ts', text: Array.from({ length: 6 }, (_, n) => `const v${n} = ${n};`).join('\n') };
    const chunks = chunk([para(sentences(1, 3)), code], { maxTokens: 64, strategy: 'size' });
    expect(texts(chunks)).toEqual([sentences(1, 3), `\`\`\`ts\n${code.text}\n\`\`\``]);
  });

  it('splits a code block longer than a chunk between lines, each part fenced with its language', () => {
    const lines = Array.from({ length: 30 }, (_, n) => `export const value${n} = compute(${n}); // line ${n}`);
    const chunks = chunk([{ type: 'code', language: 'ts', text: lines.join('\n') }], { maxTokens: 64 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text).toMatch(/^```ts\n[^`]+\n```$/);
      expect(c.tokens).toBeLessThanOrEqual(64);
    }
    expect(chunks.flatMap((c) => c.text.split('\n').slice(1, -1))).toEqual(lines);
  });

  it('gives a code line longer than a chunk a fenced chunk of its own', () => {
    const long = `const s = "${'x y '.repeat(80)}";`;
    const chunks = chunk([{ type: 'code', text: ['a();', long, 'b();'].join('\n') }], { maxTokens: 32 });
    expect(chunks.filter((c) => c.tokens > 32).map((c) => c.text)).toEqual([`\`\`\`\n${long}\n\`\`\``]);
  });
});

describe('chunks: pages', () => {
  it('gives each chunk the first and last page its blocks start on', () => {
    const chunks = chunk(
      [heading(1, 'One', 1), para(sentence(1)), para(sentence(2), 2), para(sentence(3), 3), heading(1, 'Two', 3), para(sentence(4), 5)],
      { maxTokens: 64 },
      5,
    );
    expect(chunks.map((c) => [c.headings, c.pages])).toEqual([
      [['One'], [1, 3]],
      [['Two'], [3, 5]],
    ]);
  });
});

describe('chunks: overlap', () => {
  const blocks = [
    heading(1, 'Notes'),
    para(sentences(1, 3)),
    para(sentences(4, 3)),
    para(sentences(7, 3)),
    heading(1, 'Next'),
    para(sentences(10, 3)),
  ];

  it('repeats the last sentences of the chunk before within overlapTokens, never past maxTokens', () => {
    const chunks = chunk(blocks, { maxTokens: 64, overlapTokens: 20, strategy: 'size' });
    expect(texts(chunks)).toEqual([
      `# Notes\n\n${sentences(1, 3)}`,
      `${sentence(3)}\n\n${sentences(4, 3)}`,
      `${sentence(6)}\n\n${sentences(7, 3)}`,
      `# Next\n\n${sentences(10, 3)}`,
    ]);
    expect(chunks.every((c) => c.tokens <= 64)).toBe(true);
  });

  it('does not repeat anything before a chunk that starts with a heading, nor a table or code', () => {
    const table: Block = { type: 'table', header: [text('a'), text('b')], rows: [[text('1'), text('2')]] };
    const code: Block = { type: 'code', text: 'run();' };
    const chunks = chunk([para(sentences(1, 4)), table, para(sentences(5, 4)), code, para(sentences(9, 4))], {
      maxTokens: 64,
      overlapTokens: 32,
      strategy: 'size',
    });
    const afterTable = chunks.find((c) => c.text.includes(sentence(5)));
    const afterCode = chunks.find((c) => c.text.includes(sentence(9)));
    expect(afterTable?.text.startsWith(sentence(5))).toBe(true);
    expect(afterCode?.text.startsWith(sentence(9))).toBe(true);
  });
});

describe('chunks: edge cases', () => {
  it('an empty document has no chunks, and a thematic break is no chunk', () => {
    expect(chunk([], {})).toEqual([]);
    expect(chunk([{ type: 'rule' }], {})).toEqual([]);
  });

  it('counts special-token strings in the text as text', () => {
    const [only] = chunk([para('Models end a text with <|endoftext|> as a marker.')], {});
    expect(only.text).toContain('<|endoftext|>');
  });
});
