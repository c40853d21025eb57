import { convertInThread } from '../../testing/convert-in-thread';
import { fixture } from '../../testing/fixtures';
import { hasLoopingSectorChain } from './compound-file';

/**
 * Damaged legacy workbooks that made SheetJS allocate without end (found by the fuzz
 * suite). Each is converted in a thread with a small heap, as the worker converts: on
 * the code before the guards it died of memory (or took the process with it) instead of
 * failing as CORRUPT_DOCUMENT.
 */
const HEAP_MB = 128;
const convertXls = (bytes: Buffer) =>
  convertInThread(
    { bytes, contentType: 'application/vnd.ms-excel', fileName: 'damaged.xls', formats: ['markdown'], maxPages: 100 },
    HEAP_MB,
  );

describe('damaged legacy workbooks', () => {
  it('fails as CORRUPT_DOCUMENT when a record reads its string length past its end (SheetJS looped on an undefined count)', async () => {
    // Ten bytes of the fixture changed, as a fuzz mutant changed them.
    const bytes = Buffer.from(fixture('office-data/workbook.xls'));
    const changes: [number, number][] = [
      [262, 0o373],
      [955, 0o375],
      [1526, 0o375],
      [1585, 1],
      [3212, 4],
      [4041, 0o10],
      [4352, 0o100],
      [4610, 0o40],
      [4664, 2],
      [6151, 0o20],
    ];
    for (const [at, value] of changes) bytes[at] = value;
    expect(await convertXls(bytes)).toEqual({ error: 'CORRUPT_DOCUMENT' });
  });

  it('fails as CORRUPT_DOCUMENT when a property set counts more properties than it holds', async () => {
    const bytes = Buffer.from(fixture('office-data/workbook.xls'));
    bytes.fill(0, 1544, 1698);
    expect(await convertXls(bytes)).toEqual({ error: 'CORRUPT_DOCUMENT' });
  });

  it('fails as CORRUPT_DOCUMENT when the workbook stream’s sector chain loops (SheetJS followed it for ever)', async () => {
    const bytes = withLoopedWorkbookChain(fixture('office-data/workbook.xls'));
    expect(hasLoopingSectorChain(bytes)).toBe(true);
    expect(await convertXls(bytes)).toEqual({ error: 'CORRUPT_DOCUMENT' });
  });

  it('finds no loop in an intact compound file', () => {
    expect(hasLoopingSectorChain(fixture('office-data/workbook.xls'))).toBe(false);
  });
});

/**
 * A chain that never ends, and a stream that SheetJS follows along it: the root entry's
 * chain (the fixture's one chain long enough) has its last sector pointing back to its
 * second, and the workbook stream is made to start at that second sector with the size
 * of a stream kept in full sectors. (MS-CFB: 512-byte sectors, the first FAT sector
 * named in the header, directory entries of 128 bytes, start at 0x74, size at 0x78.)
 */
function withLoopedWorkbookChain(source: Buffer): Buffer {
  const bytes = Buffer.from(source);
  const sector = (n: number) => 512 * (n + 1);
  const fat = sector(bytes.readUInt32LE(0x4c));
  const next = (n: number) => bytes.readUInt32LE(fat + 4 * n);
  const directory = sector(bytes.readUInt32LE(0x30));
  const entry = (name: string) => {
    for (let at = directory; at < directory + 512; at += 128) if (bytes.toString('utf16le', at, at + 2 * name.length) === name) return at;
    throw new Error(`no ${name} entry in the fixture`);
  };
  const chain = [bytes.readUInt32LE(entry('Root Entry') + 0x74)];
  while (next(chain[chain.length - 1]) < 0xfffffffa) chain.push(next(chain[chain.length - 1]));
  if (chain.length < 3) throw new Error('the fixture’s root chain is too short to loop');
  bytes.writeUInt32LE(chain[1], fat + 4 * chain[chain.length - 1]);
  const workbook = entry('Workbook');
  bytes.writeUInt32LE(chain[1], workbook + 0x74);
  bytes.writeUInt32LE(4096, workbook + 0x78);
  return bytes;
}
