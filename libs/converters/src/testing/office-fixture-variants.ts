import { unzipSync, zipSync } from 'fflate';

/**
 * Malformed variants of the good office fixtures, made in the specs rather than
 * committed: every reader must turn them into a JobFailure, never a crash.
 * (Test support only; nothing in the readers imports this file.)
 */
/** The archive with entries replaced (given content) or removed (null). */
export function withEntries(archive: Uint8Array, changes: Record<string, string | Uint8Array | null>): Buffer {
  const files = unzipSync(archive);
  for (const [name, content] of Object.entries(changes)) {
    if (content === null) delete files[name];
    else files[name] = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  }
  return Buffer.from(zipSync(files));
}

export function withEntry(archive: Uint8Array, name: string, content: string | Uint8Array): Buffer {
  return withEntries(archive, { [name]: content });
}

export function withoutEntry(archive: Uint8Array, name: string): Buffer {
  return withEntries(archive, { [name]: null });
}

/** The first `fraction` of the bytes, as an interrupted download leaves them. */
export function truncated(bytes: Uint8Array, fraction = 0.6): Buffer {
  return Buffer.from(bytes.subarray(0, Math.floor(bytes.length * fraction)));
}

/**
 * The archive with every central-directory entry claiming `size` uncompressed bytes:
 * what a zip bomb looks like to the reader before it inflates anything.
 */
export function claimingSize(archive: Uint8Array, size: number): Buffer {
  const out = Buffer.from(archive);
  for (let offset = out.indexOf('PK\x01\x02', 0, 'latin1'); offset >= 0; offset = out.indexOf('PK\x01\x02', offset + 4, 'latin1')) {
    out.writeUInt32LE(size, offset + 24);
  }
  return out;
}

/** A ZIP with `count` tiny entries. */
export function manyEntries(count: number): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) files[`part${i}.xml`] = new Uint8Array([0x3c, 0x61, 0x2f, 0x3e]);
  return Buffer.from(zipSync(files, { level: 0 }));
}
