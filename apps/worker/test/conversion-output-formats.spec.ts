import { documentSchema } from '@docformat/converters/names';
import Ajv2020 from 'ajv/dist/2020';
import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/**
 * The html, json and chunks formats through the whole worker path: fetched,
 * converted in a conversion thread with the job's format.chunking, and stored, the
 * text format as text and the two JSON formats as JSON values (job_outputs.json).
 * The converters' specs check each format in depth; this proves the wiring.
 */
const validateDocument = new Ajv2020({ allErrors: true, strict: true }).compile(documentSchema);

interface StoredChunk {
  index: number;
  text: string;
  headings: string[];
  pages: [number, number];
  tokens: number;
  chars: number;
}

const suite = useWorkerSuite('output-formats', (origin) => {
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  origin.route('/hostile.html', { body: fixture('hostile/hostile.html'), contentType: 'text/html; charset=utf-8' });
});

describe('a worker rendering html, json and chunks', () => {
  it('stores html as text and json and chunks as JSON, from one read of a 4-page PDF', async () => {
    const id = await suite.client.submit(suite.origin.url('/handbook.pdf'), ['html', 'json', 'chunks'], {
      chunking: { maxTokens: 128, overlapTokens: 16 },
    });
    const job = await suite.client.waitForTerminal(id, 60_000);
    expect(job).toMatchObject({ status: 'COMPLETED', pages: 4, errorCode: null });
    expect(job.outputs.map((output) => [output.format, output.content === null, output.json === null])).toEqual([
      ['chunks', true, false],
      ['html', false, true],
      ['json', true, false],
    ]);
    const byFormat = Object.fromEntries(job.outputs.map((output) => [output.format, output]));

    const html = byFormat['html'].content ?? '';
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>Document Conversion Handbook</title>');
    expect([...html.matchAll(/<div class="page" data-page="(\d)">/g)].map((match) => match[1])).toEqual(['1', '2', '3', '4']);

    const document = byFormat['json'].json;
    expect(validateDocument(document)).toBe(true);
    expect(document).toMatchObject({ schemaVersion: '1.3', pages: 4, metadata: { title: 'Document Conversion Handbook' } });

    const chunks = byFormat['chunks'].json as unknown as StoredChunk[];
    expect(chunks.length).toBeGreaterThan(8);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i));
    expect(chunks.every((chunk) => chunk.tokens <= 128 && chunk.chars === [...chunk.text].length)).toBe(true);
    expect(chunks[0].pages[0]).toBe(1);
    expect(chunks[chunks.length - 1].pages[1]).toBe(4);
    expect(chunks.find((chunk) => chunk.text.includes('Output Formats'))?.headings).toEqual(expect.arrayContaining(['Output Formats']));
  });

  it('renders a hostile page to html without its scripts, event attributes or javascript: links', async () => {
    const id = await suite.client.submit(suite.origin.url('/hostile.html'), ['html']);
    const job = await suite.client.waitForTerminal(id);
    expect(job.status).toBe('COMPLETED');
    const html = job.outputs[0].content ?? '';
    expect(html).toContain('<a href="https://example.com/report" rel="noopener noreferrer">a safe link</a>');
    expect(html).not.toMatch(/<script|<iframe|\son[a-z]+="|href="(javascript|data|vbscript):/i);
  });
});
