import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '../prisma-client';
import { ClientJobRepository } from '../jobs/client-job.repository';
import { JobProcessingRepository } from '../jobs/job-processing.repository';
import { JobDocumentRepository } from './job-document.repository';

let prisma: PrismaClient;
let clients: ClientJobRepository;
let worker: JobProcessingRepository;
let documents: JobDocumentRepository;
let ownerId: string;

const result = { mimeType: 'text/html', bytes: 10, sha256: 'cd'.repeat(32), metadata: {}, warnings: [] };
const tree = JSON.stringify({ pages: 1, metadata: {}, blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'Café ✓' }] }] });
const extraction = JSON.stringify({ document: { schemaVersion: '1.0' }, tables: [], links: [], images: [] });

beforeAll(async () => {
  prisma = createPrismaClient(process.env['DATABASE_URL'] as string);
  clients = new ClientJobRepository(prisma);
  worker = new JobProcessingRepository(prisma);
  documents = new JobDocumentRepository(prisma);
  const owner = await prisma.apiToken.create({
    data: { name: 'documents-spec', tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0') },
  });
  ownerId = owner.id;
});
afterAll(() => prisma.$disconnect());

async function claimedJob(type: 'format' | 'extraction', requestedFormats: string[]): Promise<string> {
  const id = randomUUID();
  await clients.create({ id, ownerId, type, fileUrl: 'page.html', requestedFormats });
  await worker.claim(id);
  return id;
}

describe('stored documents (real Postgres)', () => {
  it('stores the tree in the statement that completes the job, once, and shows an extraction job its findings', async () => {
    const id = await claimedJob('extraction', []);
    const document = { version: 1, tree, extraction };
    const completions = await Promise.all([1, 2].map(() => worker.complete(id, { pages: 1, result, outputs: {}, document })));
    expect(completions.sort()).toEqual([false, true]);
    expect(await prisma.jobDocument.count({ where: { jobId: id } })).toBe(1);
    expect(await documents.tree(id)).toEqual({ version: 1, tree: expect.any(String) });
    expect(JSON.parse((await documents.tree(id))?.tree ?? '')).toEqual(JSON.parse(tree));
    expect((await clients.findForOwner(id, ownerId))?.extraction).toEqual(JSON.parse(extraction));
    expect(await documents.renderSource(id, ownerId)).toEqual({
      status: 'COMPLETED',
      type: 'extraction',
      options: null,
      requestedFormats: [],
      treeVersion: 1,
    });
    expect(await documents.renderSource(id, randomUUID())).toBeNull();

    // Set back to IN_PROGRESS by hand and completed again: the new conversion's tree replaces the old.
    await prisma.job.update({ where: { id }, data: { status: 'IN_PROGRESS' } });
    const newer = JSON.stringify({ pages: 2, metadata: {}, blocks: [] });
    expect(await worker.complete(id, { pages: 2, result, outputs: {}, document: { version: 1, tree: newer, extraction } })).toBe(true);
    expect(JSON.parse((await documents.tree(id))?.tree ?? '')).toEqual(JSON.parse(newer));
  });

  it('stores no tree for a job that was not completed, and none without one', async () => {
    const unclaimed = randomUUID();
    await clients.create({ id: unclaimed, ownerId, type: 'format', fileUrl: 'a', requestedFormats: ['text'] });
    expect(await worker.complete(unclaimed, { pages: 1, result, outputs: {}, document: { version: 1, tree, extraction: null } })).toBe(
      false,
    );
    const old = await claimedJob('format', ['text']);
    await worker.complete(old, { pages: 1, result, outputs: { text: { mediaType: 'text/plain', body: 'x' } } });
    expect(await prisma.jobDocument.count({ where: { jobId: { in: [unclaimed, old] } } })).toBe(0);
    expect(await documents.renderSource(old, ownerId)).toMatchObject({ status: 'COMPLETED', treeVersion: null });
    expect((await clients.findForOwner(old, ownerId))?.extraction).toBeNull();
  });

  it('gives stored outputs as stored text, JSON as text', async () => {
    const id = await claimedJob('format', ['text', 'json']);
    const outputs = {
      text: { mediaType: 'text/plain', body: 'plain ✓' },
      json: { mediaType: 'application/json', body: { blocks: [1, 2] } },
    };
    await worker.complete(id, { pages: 1, result, outputs, document: { version: 1, tree, extraction: null } });
    expect(await documents.storedOutput(id, 'text')).toEqual({ text: 'plain ✓', json: null });
    expect(await documents.storedOutput(id, 'json')).toEqual({ text: null, json: '{"blocks": [1, 2]}' });
    expect(await documents.storedOutput(id, 'html')).toBeNull();
  });

  it('caches renditions by key, keeps the newest few, and drops trees and renditions with their job', async () => {
    const id = await claimedJob('extraction', []);
    await worker.complete(id, { pages: 1, result, outputs: {}, document: { version: 1, tree, extraction } });
    for (const n of [1, 2, 3, 4]) {
      await documents.saveRendition({ jobId: id, key: `chunks?maxTokens=${n}`, format: 'chunks', body: `[${n}]`, renderMs: n }, 3);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The same key again changes nothing (a second request rendered it meanwhile).
    await documents.saveRendition({ jobId: id, key: 'chunks?maxTokens=4', format: 'chunks', body: 'other', renderMs: 1 }, 3);
    expect(await documents.rendition(id, 'chunks?maxTokens=1')).toBeNull();
    expect(await documents.rendition(id, 'chunks?maxTokens=4')).toBe('[4]');
    expect(await prisma.jobRendition.count({ where: { jobId: id } })).toBe(3);
    // A job deleted meanwhile stores nothing.
    await documents.saveRendition({ jobId: randomUUID(), key: 'html', format: 'html', body: 'x', renderMs: 1 });

    await clients.deleteForOwner(id, ownerId);
    expect(await prisma.jobDocument.count({ where: { jobId: id } })).toBe(0);
    expect(await prisma.jobRendition.count({ where: { jobId: id } })).toBe(0);
  });
});
