import type { JobRecord } from '@docformat/contracts';
import { webhookBody } from './webhook-body';

const record: JobRecord = {
  id: '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11',
  createdAt: '2026-11-24T10:00:00.000Z',
  status: 'COMPLETED',
  pages: 1,
  fileName: 'https://example.com/a.pdf',
  type: 'format',
  formats: { markdown: '# Title\n\n' + 'word '.repeat(200) },
  result: { mimeType: 'application/pdf', bytes: 10, sha256: 'x', metadata: {}, warnings: [] },
  error: null,
  updatedAt: '2026-11-24T10:00:01.000Z',
  startedAt: '2026-11-24T10:00:00.500Z',
  completedAt: '2026-11-24T10:00:01.000Z',
  requestedFormats: ['markdown'],
  attempts: 1,
  webhook: { url: 'https://hooks.example.com/x', status: 'PENDING', attempts: 0, lastError: null, deliveredAt: null },
};

describe('webhookBody', () => {
  it('sends the record with its outputs and a link to the job, without the webhook state', () => {
    const body = JSON.parse(webhookBody(record, { maxBytes: 1024 * 1024, publicUrl: 'https://docformat.example.com' }).toString('utf8'));
    expect(body.formats.markdown).toBe(record.formats['markdown']);
    expect(body.jobUrl).toBe(`https://docformat.example.com/job/${record.id}`);
    expect(body.webhook).toBeUndefined();
    expect(body.outputsOmitted).toBeUndefined();
  });

  it('leaves the outputs out, and says so, when they would pass the size limit', () => {
    const body = JSON.parse(webhookBody(record, { maxBytes: 600 }).toString('utf8'));
    expect(body).toMatchObject({ id: record.id, status: 'COMPLETED', formats: {}, outputsOmitted: true, jobUrl: `/job/${record.id}` });
  });

  it("leaves an extraction job's findings out of its result, keeping the source facts and the format links, when they would pass the limit", () => {
    const extraction: JobRecord = {
      ...record,
      type: 'extraction',
      requestedFormats: [],
      formats: { markdown: `/job/${record.id}/formats/markdown` },
      result: {
        mimeType: 'application/pdf',
        bytes: 10,
        sha256: 'x',
        metadata: {},
        warnings: [],
        document: { blocks: ['word '.repeat(200)] },
        tables: [],
        links: [],
        images: [],
      },
    };
    expect(JSON.parse(webhookBody(extraction, { maxBytes: 1024 * 1024 }).toString('utf8')).result.document).toBeDefined();
    const body = JSON.parse(webhookBody(extraction, { maxBytes: 900 }).toString('utf8'));
    expect(body).toMatchObject({ outputsOmitted: true, formats: extraction.formats });
    expect(body.result).toEqual({ mimeType: 'application/pdf', bytes: 10, sha256: 'x', metadata: {}, warnings: [] });
  });
});
