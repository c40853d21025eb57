import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';

/** What `convert` and `submit` take: a document URL, a local file's path, or the bytes. */
export type DocumentInput = string | URL | Uint8Array | Blob;

/** A document URL (sent as JSON) or a file to upload (sent as multipart/form-data). */
export type ResolvedInput = { kind: 'url'; url: string } | { kind: 'upload'; blob: Blob; fileName: string };

const DEFAULT_FILE_NAME = 'document';

/**
 * Tells a URL from a file: a string is a URL only with an http(s) scheme, anything else
 * is a path. A path becomes a Blob backed by the file, read as it is sent (and read
 * again if the request is retried), never held whole in memory. `fileName` names bytes
 * and Blobs, whose name the API uses as the job's fileName and a hint to their type.
 */
export async function resolveInput(input: DocumentInput, fileName?: string): Promise<ResolvedInput> {
  if (input instanceof URL) return { kind: 'url', url: input.href };
  if (typeof input === 'string') {
    if (/^https?:\/\//i.test(input)) return { kind: 'url', url: input };
    // stat first: it fails with ENOENT and the path, where openAsBlob says less.
    if (!(await stat(input)).isFile()) throw new Error(`${input} is not a file`);
    return { kind: 'upload', blob: await openAsBlob(input), fileName: fileName ?? basename(input) };
  }
  if (input instanceof Blob) {
    const ownName = 'name' in input && typeof input.name === 'string' && input.name ? input.name : undefined;
    return { kind: 'upload', blob: input, fileName: fileName ?? ownName ?? DEFAULT_FILE_NAME };
  }
  return { kind: 'upload', blob: new Blob([input]), fileName: fileName ?? DEFAULT_FILE_NAME };
}
