import { renderStoredDocument, STORED_DOCUMENT_VERSION } from '@docformat/converters/render';
import { randomUUID } from 'node:crypto';
import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/**
 * Every job stores the document tree it read, with COMPLETED; an extraction job
 * renders no format and stores its findings beside the tree. Rendering from the
 * stored tree gives what the job itself rendered.
 */
const suite = useWorkerSuite('stored-documents', (origin) => {
  origin.route('/handbook.pdf', { body: fixture('sample.pdf'), contentType: 'application/pdf' });
  origin.route('/report.html', { body: fixture('extraction/field-report.html'), contentType: 'text/html; charset=utf-8' });
});

describe('a worker storing document trees', () => {
  it('stores the tree of a format job, from which every output renders again byte for byte', async () => {
    const id = await suite.client.submit(suite.origin.url('/handbook.pdf'), ['markdown', 'chunks'], { pageMarkers: true });
    const job = await suite.client.waitForTerminal(id, 60_000);
    expect(job.status).toBe('COMPLETED');
    const stored = await suite.client.prisma.jobDocument.findUniqueOrThrow({ where: { jobId: id } });
    expect(stored).toMatchObject({ version: STORED_DOCUMENT_VERSION, extraction: null });
    const tree = JSON.stringify(stored.tree);
    const markdown = await renderStoredDocument({ tree, format: 'markdown', options: { pageMarkers: true } });
    expect(markdown.body).toBe(job.outputs.find((output) => output.format === 'markdown')?.content);
    const chunks = await renderStoredDocument({ tree, format: 'chunks', options: {} });
    expect(JSON.parse(chunks.body)).toEqual(job.outputs.find((output) => output.format === 'chunks')?.json);
  });

  it('reads an extraction job once into its tree and findings, rendering no format', async () => {
    const id = randomUUID();
    await suite.client.prisma.job.create({
      data: { id, ownerId: suite.client.ownerId, type: 'extraction', fileUrl: suite.origin.url('/report.html'), requestedFormats: [] },
    });
    await suite.client.queue.enqueueConversion(id, 2000);
    const job = await suite.client.waitForTerminal(id);
    expect(job).toMatchObject({ status: 'COMPLETED', outputs: [] });
    expect(job.result).toMatchObject({ mimeType: 'text/html', metadata: { title: 'Field Report', author: 'Docformat Fixtures' } });
    const stored = await suite.client.prisma.jobDocument.findUniqueOrThrow({ where: { jobId: id } });
    expect(stored.extraction).toMatchObject({
      document: { schemaVersion: '1.3', blocks: expect.any(Array) },
      tables: [{ caption: 'Table 1: Birds counted per site', headerRows: 1 }],
      links: [{ href: 'https://example.com/survey' }, { href: 'methods.html' }, { href: 'https://example.com/weather' }],
      images: [],
    });
    expect(suite.origin.hits('/report.html')).toBe(1);
  });
});
