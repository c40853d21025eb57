/**
 * Runs a SheetJS parse with its binary reads bounded to the bytes it was given.
 *
 * SheetJS reads legacy (BIFF) workbooks through `read_shift`, a method it puts on every
 * buffer it parses (`prep_blob`). Past the end of a buffer that method returns
 * `undefined` or `NaN` instead of failing, and SheetJS then uses the value as a count:
 * a damaged record whose string length lies past its end (`for (i = 0; i != size; ...)`
 * with `size` undefined) loops pushing characters until the heap is gone. The fuzz
 * suite found such files: 2 GB of memory in 18 s from a 7.5 KB file, or a thread dying
 * with the whole worker process when the heap cap is reached inside one big allocation
 * (see SECURITY.md).
 *
 * While the parse runs (it is synchronous, so nothing else in the thread runs with it),
 * a setter on `Uint8Array.prototype` wraps each `read_shift` SheetJS installs: a read
 * that starts well past the end of the buffer, or is given a count that is not a whole
 * number, throws instead. The setter is removed when the parse ends, whatever its end.
 */
export function withBoundedReads<T>(parse: () => T): T {
  const prototype = Uint8Array.prototype as unknown as Record<string, unknown>;
  if (Object.getOwnPropertyDescriptor(prototype, READ_SHIFT)) return parse();
  Object.defineProperty(prototype, READ_SHIFT, {
    configurable: true,
    set(this: Uint8Array, read: ReadShift) {
      // An accessor of its own, so SheetJS's next `prep_blob` on this buffer is bounded too.
      let bounded = boundedRead(read);
      Object.defineProperty(this, READ_SHIFT, {
        configurable: true,
        get: () => bounded,
        set: (next: ReadShift) => (bounded = boundedRead(next)),
      });
    },
  });
  try {
    return parse();
  } finally {
    delete prototype[READ_SHIFT];
  }
}

/** Thrown for a read past a buffer's end: the record it belongs to is damaged. */
export class ReadPastEndError extends Error {
  constructor(detail: string) {
    super(`A record of the workbook is damaged (${detail}).`);
    this.name = 'ReadPastEndError';
  }
}

const READ_SHIFT = 'read_shift';
/**
 * How far past a buffer's end a read may start. SheetJS reads a little past a record's
 * end on intact files (a Japanese Excel 95 file's 16-byte record is read to byte 18,
 * the optional field coming out empty); a parser looping on a damaged count reads on
 * far past it.
 */
const SLACK_BYTES = 64;

type ReadShift = (this: PositionedBytes, size: number, type?: string) => unknown;
interface PositionedBytes extends Uint8Array {
  /** SheetJS's read position. */
  l: number;
}

function boundedRead(read: ReadShift): ReadShift {
  return function (this: PositionedBytes, size: number, type?: string) {
    // Length-prefixed strings are read with a size of 0 and measured by SheetJS itself.
    if (typeof size !== 'number' || !Number.isInteger(size)) throw new ReadPastEndError(`a count of ${String(size)}`);
    if (this.l > this.length + SLACK_BYTES) throw new ReadPastEndError(`a read at ${this.l} of ${this.length} bytes`);
    return read.call(this, size, type);
  };
}
