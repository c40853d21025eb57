import { fixture } from '../../testing/fixtures';
import { compoundFileProblem } from './compound-file';

/**
 * The fixture's layout (512-byte sectors): the directory in sectors 0-4, the mini FAT in
 * sector 5, the mini stream in 6-7, the FAT in sector 8; directory entry 1 (the subject)
 * starts at mini sector 0, entry 4 (the body) at mini sector 3, which continues in 4.
 */
const sector = (index: number) => (index + 1) * 512;
const entry = (index: number) => sector(Math.floor(index / 4)) + (index % 4) * 128;

function damaged(change: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.from(fixture('misc/message.msg'));
  change(bytes);
  return bytes;
}

describe('compound file check before msgreader', () => {
  it('passes a sound Outlook message', () => {
    expect(compoundFileProblem(fixture('misc/message.msg'))).toBeUndefined();
  });

  it('finds a FAT run over by zeros: every chain then loops on sector 0', () => {
    expect(compoundFileProblem(damaged((bytes) => bytes.fill(0, sector(8), sector(9))))).toBe('a looping or broken directory chain');
  });

  it('finds a stream whose mini sector points at itself', () => {
    expect(compoundFileProblem(damaged((bytes) => bytes.writeInt32LE(3, sector(5) + 4 * 3)))).toBe('a looping stream chain');
  });

  it('finds siblings that point at each other in the directory tree', () => {
    // Entry 4's left sibling is 2; entry 2's right becomes 4.
    expect(compoundFileProblem(damaged((bytes) => bytes.writeInt32LE(4, entry(2) + 0x48)))).toBe('a looping directory tree');
  });

  it('finds a stream that claims more bytes than the file has', () => {
    expect(compoundFileProblem(damaged((bytes) => bytes.writeInt32LE(0x7fff0000, entry(4) + 0x78)))).toBe('a stream larger than the file');
  });

  it('finds sector counts beyond the file', () => {
    expect(compoundFileProblem(damaged((bytes) => bytes.writeInt32LE(1 << 30, 0x40)))).toBe('a sector count beyond the file');
  });

  it('passes a sibling index past the directory, which msgreader reads past', () => {
    expect(compoundFileProblem(damaged((bytes) => bytes.writeInt32LE(5000, entry(3) + 0x44)))).toBeUndefined();
  });
});
