import { UploadRepository } from '@docformat/db';
import { createHash, randomUUID } from 'node:crypto';
import { fixture } from './support/fixtures';
import { useWorkerSuite } from './support/harness';

/** Documents of several types, each served by the origin and uploaded: both must convert alike. */
const DOCUMENTS: Array<[name: string, contentType: string]> = [
  ['sample.pdf', 'application/pdf'],
  ['office-docs/features.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['office-data/workbook.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['office-data/deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['sample.html', 'text/html'],
  ['office-data/shift-jis.csv', 'text/csv'],
  ['misc/message.eml', 'message/rfc822'],
  ['misc/archive.zip', 'application/zip'],
  ['ocr/report.png', 'image/png'],
];

const suite = useWorkerSuite(
  'uploads',
  (origin) => {
    for (const [name, contentType] of DOCUMENTS) origin.route(`/${name}`, { body: fixture(name), contentType });
  },
  { WORKER_CONCURRENCY: '2', MAX_FILE_BYTES: String(2 * 1024 * 1024) },
);

/** Stores `bytes` as the API stores an upload (chunks, then complete) and queues a job that converts it. */
async function submitUpload(
  bytes: Buffer,
  fileName: string,
  contentType: string | null,
  formats = ['text', 'markdown'],
): Promise<{ id: string; uploadId: string }> {
  const { client, worker } = suite;
  const uploads = worker.get(UploadRepository);
  const uploadId = randomUUID();
  await uploads.begin({ id: uploadId, ownerId: client.ownerId, fileName, contentType });
  for (let seq = 0, at = 0; at < bytes.length; seq++, at += 1024 * 1024)
    await uploads.append(uploadId, seq, bytes.subarray(at, at + 1024 * 1024));
  await uploads.finish(uploadId, bytes.length, createHash('sha256').update(bytes).digest('hex'));
  const id = randomUUID();
  // cache: false: the same bytes were downloaded just before, and this job must convert them, not take that job's outputs.
  await client.prisma.job.create({
    data: {
      id,
      ownerId: client.ownerId,
      type: 'format',
      fileUrl: fileName,
      requestedFormats: formats,
      uploadId,
      options: { cache: false },
    },
  });
  await client.queue.enqueueConversion(id, 2000);
  return { id, uploadId };
}

describe('uploaded documents', () => {
  it.each(DOCUMENTS)('converts an uploaded %s exactly as the same file downloaded', async (name, contentType) => {
    const { client, origin } = suite;
    const downloaded = await client.waitForTerminal(await client.submit(origin.url(`/${name}`)), 60_000);
    const uploaded = await submitUpload(fixture(name), name.split('/').pop() as string, contentType);
    const job = await client.waitForTerminal(uploaded.id, 60_000);
    expect(downloaded.status).toBe('COMPLETED');
    expect(job.status).toBe('COMPLETED');
    expect(job.pages).toBe(downloaded.pages);
    expect(job.result).toEqual(downloaded.result);
    expect(job.outputs.map((output) => [output.format, output.content])).toEqual(
      downloaded.outputs.map((output) => [output.format, output.content]),
    );
    // Its bytes are gone once the job has ended; the job keeps what it says of them.
    expect(await client.prisma.upload.findUnique({ where: { id: uploaded.uploadId } })).toBeNull();
    expect(job.uploadId).toBeNull();
  });

  it('fails a damaged upload with the code a download gets', async () => {
    const { client } = suite;
    const job = await client.waitForTerminal((await submitUpload(fixture('truncated.pdf'), 'truncated.pdf', 'application/pdf')).id, 30_000);
    expect(job).toMatchObject({ status: 'FAILED', errorCode: 'CORRUPT_DOCUMENT' });
  });

  it('fails an upload of an unsupported type as UNSUPPORTED_DOCUMENT_TYPE, as a download', async () => {
    const { client, origin } = suite;
    const bytes = Buffer.from([0x7f, 0x10, 0x00, 0x00, 0xfe, 0xed, 0x00, 0x03, 0x00, 0x00, 0x9c, 0x01, 0x00, 0x00, 0x00, 0x02]);
    origin.route('/mystery.bin', { body: bytes, contentType: 'application/x-mystery' });
    const downloaded = await client.waitForTerminal(await client.submit(origin.url('/mystery.bin')), 30_000);
    const uploaded = await client.waitForTerminal((await submitUpload(bytes, 'mystery.bin', 'application/x-mystery')).id, 30_000);
    expect(downloaded).toMatchObject({ status: 'FAILED', errorCode: 'UNSUPPORTED_DOCUMENT_TYPE' });
    expect(uploaded).toMatchObject({ status: 'FAILED', errorCode: 'UNSUPPORTED_DOCUMENT_TYPE', errorMessage: downloaded.errorMessage });
  });

  it("applies this worker's MAX_FILE_BYTES to an upload too", async () => {
    const { client } = suite;
    const job = await client.waitForTerminal((await submitUpload(Buffer.alloc(3 * 1024 * 1024, 'a'), 'big.txt', 'text/plain')).id, 30_000);
    expect(job).toMatchObject({ status: 'FAILED', errorCode: 'FILE_TOO_LARGE' });
    expect(await client.prisma.upload.count({ where: { ownerId: client.ownerId } })).toBe(0);
  });

  it('fails a job whose upload is gone as DOWNLOAD_FAILED', async () => {
    const { client, worker } = suite;
    const uploads = worker.get(UploadRepository);
    const uploadId = randomUUID();
    await uploads.begin({ id: uploadId, ownerId: client.ownerId, fileName: 'never-finished.txt', contentType: 'text/plain' });
    const id = randomUUID();
    await client.prisma.job.create({
      data: { id, ownerId: client.ownerId, type: 'format', fileUrl: 'never-finished.txt', requestedFormats: ['text'], uploadId },
    });
    await client.queue.enqueueConversion(id, 2000);
    const job = await client.waitForTerminal(id, 30_000);
    expect(job).toMatchObject({
      status: 'FAILED',
      errorCode: 'DOWNLOAD_FAILED',
      errorMessage: 'The uploaded document is no longer stored.',
    });
  });
});
