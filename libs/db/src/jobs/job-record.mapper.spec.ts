import type { JobWithOutputs } from './job-row';
import { toCreatedJobRecord, toJobRecord } from './job-record.mapper';

/** The output formats as the converters register them (the caller of toJobRecord passes them in). */
const FORMAT_NAMES = ['text', 'markdown', 'html', 'json', 'chunks'];
const toRecord = (row: JobWithOutputs) => toJobRecord(row, FORMAT_NAMES);

const base: JobWithOutputs = {
  id: '7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11',
  ownerId: '00000000-0000-4000-8000-000000000001',
  type: 'format',
  status: 'IN_PROGRESS',
  fileUrl: 'https://example.com/a.pdf',
  requestedFormats: ['markdown', 'text'],
  options: null,
  pages: 0,
  pagesTotal: null,
  pagesDone: null,
  attempts: 1,
  result: null,
  errorCode: null,
  errorMessage: null,
  createdAt: new Date('2026-11-22T10:00:00Z'),
  updatedAt: new Date('2026-11-22T10:00:01Z'),
  startedAt: new Date('2026-11-22T10:00:01Z'),
  completedAt: null,
  uploadId: null,
  webhookUrl: null,
  sourceSha256: null,
  conversionKey: null,
  batchId: null,
  batchIndex: null,
  outputs: [],
};

describe('job record mapping', () => {
  it('gives the format response exactly the spec fields', () => {
    expect(toCreatedJobRecord(base)).toEqual({
      id: base.id,
      createdAt: '2026-11-22T10:00:00.000Z',
      status: 'IN_PROGRESS',
      pages: 0,
      fileName: 'https://example.com/a.pdf',
      type: 'format',
      formats: {},
    });
  });

  it('hides outputs that exist before the job is COMPLETED', () => {
    const record = toRecord({ ...base, outputs: [{ format: 'text', content: 'partial', json: null }] });
    expect(record.formats).toEqual({});
    expect(record.result).toEqual({});
  });

  it('orders formats as requested once COMPLETED', () => {
    const record = toRecord({
      ...base,
      status: 'COMPLETED',
      result: { metadata: {}, bytes: 1, sha256: 'x', mimeType: 'application/pdf' },
      outputs: [
        { format: 'text', content: 'T', json: null },
        { format: 'markdown', content: 'M', json: null },
      ],
    });
    expect(Object.keys(record.formats)).toEqual(['markdown', 'text']);
    // Rows stored before warnings existed answer with an empty list.
    expect(Object.keys(record.result)).toEqual(['mimeType', 'bytes', 'sha256', 'metadata', 'warnings']);
    expect(record.result).toMatchObject({ warnings: [] });
  });

  it('answers a JSON output as the value itself, a text one as its string', () => {
    const chunks = [{ text: 'One', page: 1 }];
    const record = toRecord({
      ...base,
      status: 'COMPLETED',
      requestedFormats: ['chunks', 'text'],
      result: { metadata: {}, bytes: 1, sha256: 'x', mimeType: 'application/pdf' },
      outputs: [
        { format: 'chunks', content: null, json: chunks },
        { format: 'text', content: 'T', json: null },
      ],
    });
    expect(record.formats).toEqual({ chunks, text: 'T' });
  });

  it('answers the OCR summary, the converted pages and the warnings in the documented order', () => {
    const record = toRecord({
      ...base,
      status: 'COMPLETED',
      result: {
        warnings: [{ code: 'LOW_OCR_CONFIDENCE', message: 'm' }],
        ocr: { meanConfidence: 91.5, pages: [2] },
        pagesConverted: [2, 3],
        metadata: {},
        bytes: 1,
        sha256: 'x',
        mimeType: 'application/pdf',
      },
    });
    expect(Object.keys(record.result)).toEqual(['mimeType', 'bytes', 'sha256', 'metadata', 'pagesConverted', 'ocr', 'warnings']);
    expect(record.result).toMatchObject({ ocr: { pages: [2], meanConfidence: 91.5 }, pagesConverted: [2, 3] });
  });

  it('shows progress only while the job is IN_PROGRESS and its page count is known', () => {
    expect(toRecord(base)).not.toHaveProperty('progress');
    expect(toRecord({ ...base, pagesTotal: 40 }).progress).toEqual({ pagesDone: 0, pages: 40 });
    expect(toRecord({ ...base, pagesTotal: 40, pagesDone: 12 }).progress).toEqual({ pagesDone: 12, pages: 40 });
    for (const status of ['CREATED', 'COMPLETED', 'FAILED'] as const)
      expect(toRecord({ ...base, status, pagesTotal: 40, pagesDone: 40 })).not.toHaveProperty('progress');
  });

  it('falls back to INTERNAL_ERROR for a FAILED row without a code', () => {
    expect(toRecord({ ...base, status: 'FAILED' }).error).toEqual({ code: 'INTERNAL_ERROR', message: 'The job failed.' });
  });

  it('gives a COMPLETED extraction job its findings in result and a link per format in formats', () => {
    const extraction = {
      images: [],
      links: [{ href: 'https://a.example', text: 'a', page: 1 }],
      tables: [],
      document: { schemaVersion: '1.0' },
    };
    const completed = {
      ...base,
      type: 'extraction' as const,
      requestedFormats: [],
      status: 'COMPLETED' as const,
      result: { metadata: {}, bytes: 1, sha256: 'x', mimeType: 'text/html', warnings: [] },
    };
    const record = toRecord({ ...completed, extraction });
    expect(Object.keys(record.result)).toEqual([
      'mimeType',
      'bytes',
      'sha256',
      'metadata',
      'warnings',
      'document',
      'tables',
      'links',
      'images',
    ]);
    expect(record.result).toMatchObject(extraction);
    expect(record.formats).toEqual({
      text: `/job/${base.id}/formats/text`,
      markdown: `/job/${base.id}/formats/markdown`,
      html: `/job/${base.id}/formats/html`,
      json: `/job/${base.id}/formats/json`,
      chunks: `/job/${base.id}/formats/chunks`,
    });
    // Before it completes, nothing; without stored findings, the source facts alone.
    expect(toRecord({ ...completed, status: 'IN_PROGRESS', extraction: null })).toMatchObject({ result: {}, formats: {} });
    expect(Object.keys(toRecord({ ...completed, extraction: null }).result)).toEqual([
      'mimeType',
      'bytes',
      'sha256',
      'metadata',
      'warnings',
    ]);
  });
});
