import { tiffBomb } from '@docformat/file-types/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../testing/fixtures';
import { tiffDirectories } from './tiff-directories';

/** Where each directory of a tiffBomb starts, and where its link to the next one is (10 tags each). */
const directoryAt = (tiff: Buffer, page: number) => tiff.readUInt32LE(4) + page * (2 + 10 * 12 + 4);
const nextLinkAt = (tiff: Buffer, page: number) => directoryAt(tiff, page) + 2 + 10 * 12;

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return 'no failure';
}

describe('tiffDirectories', () => {
  it('lists the image directories of a multi-page TIFF with their sizes', () => {
    const directories = tiffDirectories(readFileSync(join(FIXTURES_DIR, 'ocr/pages.tiff')));
    expect(directories.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: 1100, height: 800 },
      { width: 1100, height: 800 },
      { width: 1100, height: 800 },
    ]);
  });

  it('counts 50,000 pages from their directories alone', () => {
    expect(tiffDirectories(tiffBomb(10, 10, 50_000))).toHaveLength(50_000);
  });

  it('fails a chain of directories that loops back with CORRUPT_DOCUMENT', () => {
    const tiff = tiffBomb(10, 10, 3);
    tiff.writeUInt32LE(directoryAt(tiff, 0), nextLinkAt(tiff, 2));
    expect(failure(() => tiffDirectories(tiff))).toBe(
      'CORRUPT_DOCUMENT: The TIFF is damaged (its directories loop) and could not be read.',
    );
  });

  it('fails a tag that claims more values than the file has bytes with CORRUPT_DOCUMENT', () => {
    const tiff = tiffBomb(10, 10);
    tiff.writeUInt32LE(1_000_000_000, directoryAt(tiff, 0) + 2 + 5 * 12 + 4); // StripOffsets: a billion LONGs
    expect(failure(() => tiffDirectories(tiff))).toMatch(/^CORRUPT_DOCUMENT: .*a tag with more values than the file has bytes/);
  });

  it('fails a directory past the end of the file with CORRUPT_DOCUMENT', () => {
    const tiff = tiffBomb(10, 10);
    tiff.writeUInt32LE(tiff.length + 100, 4);
    expect(failure(() => tiffDirectories(tiff))).toMatch(/^CORRUPT_DOCUMENT: .*past the end of the file/);
  });
});
