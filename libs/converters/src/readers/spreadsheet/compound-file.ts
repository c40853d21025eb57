/**
 * Whether a compound file's (MS-CFB) sector chains loop.
 *
 * SheetJS follows a stream's chain of sectors through the file allocation table until
 * it ends, without remembering where it has been: a damaged table whose chain returns
 * to a sector it passed makes it collect sectors until the heap is gone (the fuzz
 * suite's mutants of a legacy .xls did). An intact table is a set of chains that each
 * end, so any loop in it means damage, found here in one pass before SheetJS reads.
 */
export function hasLoopingSectorChain(bytes: Uint8Array): boolean {
  if (bytes.byteLength < HEADER_BYTES) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  // Versions 3 and 4 use 512- and 4,096-byte sectors; SheetJS refuses anything else.
  if (shift !== 9 && shift !== 12) return false;
  const sectorBytes = 1 << shift;
  const sectors = Math.floor((bytes.byteLength - sectorBytes) / sectorBytes);
  const fat = allocationTable(view, sectorBytes, sectors);
  return hasLoop(fat);
}

const HEADER_BYTES = 512;
const HEADER_DIFAT_ENTRIES = 109;
/** Sector numbers from here up mark an end, a free sector or a table's own sector; as signed numbers (how SheetJS reads them) they are negative. */
const FIRST_SPECIAL = 0x80000000;

/** The file allocation table: for each sector, the next one of its chain. */
function allocationTable(view: DataView, sectorBytes: number, sectors: number): Uint32Array {
  const perSector = sectorBytes / 4;
  const tableSectors: number[] = [];
  for (let index = 0; index < HEADER_DIFAT_ENTRIES; index++) {
    const sector = view.getUint32(0x4c + index * 4, true);
    if (sector >= FIRST_SPECIAL) break;
    tableSectors.push(sector);
  }
  // The rest of the table's sector list is chained through DIFAT sectors, each ending with the next one's number.
  const seenDifat = new Set<number>();
  for (let difat = view.getUint32(0x44, true); difat < sectors && !seenDifat.has(difat);) {
    seenDifat.add(difat);
    const base = (difat + 1) * sectorBytes;
    for (let index = 0; index < perSector - 1; index++) {
      const sector = view.getUint32(base + index * 4, true);
      if (sector >= FIRST_SPECIAL) break;
      tableSectors.push(sector);
    }
    difat = view.getUint32(base + (perSector - 1) * 4, true);
  }
  const fat = new Uint32Array(tableSectors.length * perSector).fill(FIRST_SPECIAL);
  tableSectors.forEach((sector, position) => {
    if (sector >= sectors) return;
    const base = (sector + 1) * sectorBytes;
    for (let index = 0; index < perSector; index++) fat[position * perSector + index] = view.getUint32(base + index * 4, true);
  });
  return fat;
}

/** The table is a graph where each sector points to at most one next: a walk that meets its own trail has found a loop. */
function hasLoop(fat: Uint32Array): boolean {
  const walkOf = new Uint32Array(fat.length);
  for (let start = 0; start < fat.length; start++) {
    if (walkOf[start] !== 0) continue;
    const walk = start + 1;
    for (let sector = start; sector < fat.length && walkOf[sector] === 0; sector = fat[sector]) {
      walkOf[sector] = walk;
      if (fat[sector] < fat.length && walkOf[fat[sector]] === walk) return true;
    }
  }
  return false;
}
