import type { JobSourceRepository } from '@docformat/db';
import { SourceKeeper } from './source-keeper';

function keeperWith(limit: number) {
  const kept: string[] = [];
  const sources = { keep: async (jobId: string, mimeType: string) => void kept.push(`${jobId} ${mimeType}`) };
  return { keeper: new SourceKeeper({ PAGE_SOURCE_MAX_BYTES: limit }, sources as unknown as JobSourceRepository), kept };
}

const document = (mimeType: string, bytes: number) => ({ mimeType, bytes: Buffer.alloc(bytes), sha256: 'ab'.repeat(32) });

describe('SourceKeeper', () => {
  it('keeps PDFs and PNG/JPEG images up to PAGE_SOURCE_MAX_BYTES, nothing else', async () => {
    const { keeper, kept } = keeperWith(100);
    expect(await keeper.keep('a', document('application/pdf', 100))).toBe(true);
    expect(await keeper.keep('b', document('image/jpeg', 10))).toBe(true);
    expect(await keeper.keep('c', document('application/pdf', 101))).toBe(false);
    expect(await keeper.keep('d', document('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 10))).toBe(false);
    expect(kept).toEqual(['a application/pdf', 'b image/jpeg']);
  });

  it('keeps none with PAGE_SOURCE_MAX_BYTES=0', async () => {
    const { keeper, kept } = keeperWith(0);
    expect(await keeper.keep('a', document('image/png', 1))).toBe(false);
    expect(kept).toEqual([]);
  });
});
