import { JobFailure } from '@docformat/contracts';

/**
 * The structure of an OLE compound file (MS-CFB) checked before @kenjiuno/msgreader
 * reads it. msgreader follows every sector chain until it meets END_OF_CHAIN and
 * allocates each stream at the size its directory entry claims, so a damaged file
 * whose chain loops back on itself (a run of zeros over the mini FAT makes every
 * entry point at sector 0) had it push chain entries until the conversion thread's
 * heap was full: 1 GB per thread with the default CONVERSION_MAX_MEMORY_MB, the worst
 * peak of the fuzz suite (docs/adr/0005-worker-memory.md). Here each chain msgreader
 * walks is walked once, bounded by the number of sectors the file can hold, as is the
 * directory tree; a file that fails is CORRUPT_DOCUMENT before msgreader sees it.
 *
 * The layout is read as msgreader reads it (sector size from byte 30, the FAT from the
 * header's 109 entries and the DIFAT chain), so what passes here is what it can walk.
 */

const END_OF_CHAIN = -2;
const FREE = -1;
const HEADER_FAT_ENTRIES = 109;
const MINI_SECTOR = 64;
/** Streams below this size live in the mini stream, in 64-byte sectors. */
const MINI_STREAM_CUTOFF = 0x1000;
const ENTRY_SIZE = 128;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;

export function checkCompoundFile(bytes: Uint8Array): void {
  const problem = compoundFileProblem(bytes);
  if (problem) throw new JobFailure('CORRUPT_DOCUMENT', `The Outlook message is damaged (${problem}) and could not be read.`);
}

interface Entry {
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

/** What is wrong with the file's structure, or undefined when every chain and the directory tree end. */
export function compoundFileProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 512) return 'shorter than its header';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int = (at: number) => (at >= 0 && at + 4 <= bytes.length ? view.getInt32(at, true) : undefined);
  const sectorSize = bytes[30] === 12 ? 4096 : 512;
  const sectors = Math.ceil((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  const perSector = sectorSize / 4;
  const fatCount = int(0x2c)!;
  const directoryStart = int(0x30)!;
  const miniFatStart = int(0x3c)!;
  const miniFatCount = int(0x40)!;
  const difatStart = int(0x44)!;
  const difatCount = int(0x48)!;
  for (const count of [fatCount, miniFatCount, difatCount]) if (count < 0 || count > sectors) return 'a sector count beyond the file';

  const fat: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_FAT_ENTRIES); i++) fat.push(int(0x4c + 4 * i)!);
  let difat = difatStart;
  let remaining = fatCount - fat.length;
  for (let i = 0; i < difatCount && remaining > 0; i++) {
    for (let j = 0; j < Math.min(remaining, perSector - 1); j++) {
      const sector = int(sectorAt(difat) + 4 * j);
      if (sector === undefined || sector === FREE || sector === END_OF_CHAIN) break;
      fat.push(sector);
    }
    remaining -= perSector - 1;
    difat = int(sectorAt(difat) + 4 * (perSector - 1)) ?? END_OF_CHAIN;
    if (difat === FREE || difat === END_OF_CHAIN) break;
  }

  /** The sector after `sector` in `table`'s chains: END_OF_CHAIN where msgreader finds none. */
  const next = (sector: number, table: readonly number[]) => {
    const holder = table[Math.floor(sector / perSector)];
    return holder === undefined ? END_OF_CHAIN : int(sectorAt(holder) + 4 * (sector % perSector));
  };
  /**
   * The sectors of a chain, or undefined when it runs past the file or is longer than
   * `limit` (it loops). A negative link other than END_OF_CHAIN ends it, as in msgreader.
   */
  const chain = (start: number, table: readonly number[], limit: number) => {
    const out: number[] = [];
    for (let sector: number | undefined = start; sector !== END_OF_CHAIN; sector = next(sector, table)) {
      if (sector === undefined || out.length >= limit) return undefined;
      out.push(sector);
      if (sector < 0) break;
    }
    return out;
  };
  const bigChain = (start: number) => chain(start, fat, sectors);

  const directory = bigChain(directoryStart);
  if (!directory) return 'a looping or broken directory chain';
  const entries: Entry[] = [];
  for (const sector of directory) {
    for (let at = sectorAt(sector); at + ENTRY_SIZE <= sectorAt(sector) + sectorSize && at + ENTRY_SIZE <= bytes.length; at += ENTRY_SIZE) {
      entries.push({
        type: bytes[at + 0x42],
        left: int(at + 0x44)!,
        right: int(at + 0x48)!,
        child: int(at + 0x4c)!,
        start: int(at + 0x74)!,
        size: int(at + 0x78)!,
      });
    }
  }
  const root = entries[0];
  if (!root || root.type !== ROOT) return 'no root entry';
  if (!treeEnds(entries)) return 'a looping directory tree';

  // The mini FAT: at most its count of sectors, and msgreader stops at a link to sector 0 too.
  const miniFat: number[] = [];
  for (let sector = miniFatStart; miniFat.length < miniFatCount && sector && sector !== END_OF_CHAIN;) {
    miniFat.push(sector);
    const following = next(sector, fat);
    if (following === undefined) return 'a broken mini FAT chain';
    sector = following;
  }
  const miniStream = bigChain(root.start);
  if (!miniStream) return 'a looping mini stream';
  const miniChain = (start: number) => chain(start, miniFat, (miniStream.length * sectorSize) / MINI_SECTOR);
  for (const entry of entries) {
    if (entry.type !== STREAM || entry.size === 0) continue;
    if (entry.size < 0 || entry.size > bytes.length) return 'a stream larger than the file';
    const sectorsOfIt = entry.size < MINI_STREAM_CUTOFF ? miniChain(entry.start) : bigChain(entry.start);
    if (!sectorsOfIt) return 'a looping stream chain';
  }
  return undefined;
}

/**
 * Whether walking the tree as msgreader does (each storage's children: its child, then
 * every left and right sibling) meets every entry at most once: a sibling that points
 * back, or two that point at one entry, would have it walk forever or exponentially.
 */
function treeEnds(entries: readonly Entry[]): boolean {
  const seen = new Set<number>([0]);
  const pending = [entries[0].child];
  while (pending.length > 0) {
    const index = pending.pop()!;
    // An index past the directory is damage msgreader survives; only a loop never ends.
    if (index < 0 || index >= entries.length) continue;
    if (seen.has(index)) return false;
    seen.add(index);
    const entry = entries[index];
    pending.push(entry.left, entry.right);
    if (entry.type === STORAGE) pending.push(entry.child);
  }
  return true;
}
