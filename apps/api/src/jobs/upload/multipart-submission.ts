import { ProblemCode } from '@docformat/contracts';
import { UPLOAD_CHUNK_BYTES } from '@docformat/db';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { ProblemException, validationFailed } from '../../http/problem.exception';
import { uploadFileName } from './upload-file-name';

/** Where an upload's bytes go while they stream in (the UploadRepository, in production). */
export interface UploadSink {
  begin(upload: { id: string; ownerId: string; fileName: string; contentType: string | null }): Promise<void>;
  append(uploadId: string, seq: number, data: Buffer): Promise<void>;
  finish(uploadId: string, bytes: number, sha256: string): Promise<void>;
  delete(uploadId: string): Promise<void>;
}

/** A complete, stored upload. */
export interface StoredFile {
  id: string;
  fileName: string;
  contentType: string | null;
  bytes: number;
  sha256: string;
}

/** A multipart POST: the stored files, in the order sent, and the text parts (JSON held as text until validated). */
export interface MultipartSubmission {
  files: StoredFile[];
  fields: Partial<Record<string, string>>;
}

/** How many `file` parts a submission takes: POST /format and /extract one, POST /batches up to MAX_BATCH_FILES. */
export interface FileParts {
  maxFiles: number;
}

const ONE_FILE: FileParts = { maxFiles: 1 };

/** The text parts a POST /format may carry beside `file`; POST /extract's are `options` and `webhook`. */
export const TEXT_PARTS: readonly string[] = ['format', 'webhook'];

/** A `format`, `options` or `webhook` part is a small JSON object; anything near this is not one. */
export const MAX_TEXT_PART_BYTES = 64 * 1024;

const fieldError = (field: string, message: string) => validationFailed([{ field, message }]);

const tooLarge = (maxBytes: number, parts: FileParts = ONE_FILE) =>
  new ProblemException({
    status: 413,
    code: ProblemCode.PAYLOAD_TOO_LARGE,
    title: 'Payload Too Large',
    detail:
      parts.maxFiles === 1
        ? `The uploaded file is larger than ${maxBytes} bytes (MAX_FILE_BYTES); nothing was stored.`
        : `The uploaded files are larger than ${maxBytes} bytes in total (MAX_FILE_BYTES); nothing was stored.`,
    headers: { Connection: 'close' },
  });

/** The 400 for a file part past the last one taken. */
const tooManyFiles = (parts: FileParts) =>
  fieldError(
    'file',
    parts.maxFiles === 1
      ? 'send exactly one file part, named file; this request has a second one'
      : `send at most ${parts.maxFiles} file parts, each named file`,
  );

const malformed = (reason: string) =>
  new ProblemException({
    status: 400,
    code: ProblemCode.MALFORMED_MULTIPART,
    title: 'Malformed multipart body',
    detail: `The multipart/form-data body could not be read: ${reason}.`,
  });

/** A `format`, `options` or `webhook` part that does not parse. */
export const malformedJson = (part: string, reason: string) =>
  new ProblemException({
    status: 400,
    code: ProblemCode.MALFORMED_JSON,
    title: 'Malformed JSON',
    detail: `The ${part} part is not valid JSON: ${reason}.`,
  });

/** @fastify/multipart's errors, by code, as the problems clients get; `lastPart` is the part being read when it failed. */
function asProblem(
  error: unknown,
  maxBytes: number,
  textParts: readonly string[],
  lastPart: string | undefined,
  parts: FileParts,
): unknown {
  if (error instanceof ProblemException) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_INVALID_JSON_FIELD_ERROR':
      // A part sent as application/json, which the library parses itself and refuses
      // without saying which part or why.
      return malformedJson(lastPart ?? 'JSON', 'it was sent as application/json and does not parse');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxBytes, parts);
    case 'FST_FILES_LIMIT':
      return tooManyFiles(parts);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fieldError(
        'file',
        `send ${parts.maxFiles === 1 ? 'one file part' : `at most ${parts.maxFiles} file parts`} and at most the parts ${textParts.join(', ')}`,
      );
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return malformed((error as Error).message);
    default:
      // busboy's own complaints (a truncated body, a missing boundary) are the client's.
      if (error instanceof Error && /multipart|boundary|form|part/i.test(error.message)) return malformed(error.message);
      return error;
  }
}

/**
 * Reads a multipart/form-data submission: its `file` parts (one, or up to
 * `parts.maxFiles`), each streamed into storage in chunks as it arrives (never
 * buffered whole: the request holds at most one chunk), cut off with a 413 as soon as
 * the files together pass `maxBytes`; and the text parts (`format`, `webhook`).
 * Anything else, a file too many, or no file at all is a 400 that says so. On any
 * failure, whatever was stored is deleted again.
 */
export async function readMultipartSubmission(
  request: FastifyRequest,
  ownerId: string,
  sink: UploadSink,
  maxBytes: number,
  textParts: readonly string[] = TEXT_PARTS,
  parts: FileParts = ONE_FILE,
): Promise<MultipartSubmission> {
  const files: StoredFile[] = [];
  const begun: string[] = [];
  let lastPart: string | undefined;
  const fields: MultipartSubmission['fields'] = {};
  // The parser asks this of every part as it meets it: a text part is never a file,
  // whatever its headers say (a browser's FormData sends a JSON Blob with a file name),
  // and the name is noted so that an error the parser raises can name its part.
  const isPartAFile = (name: string | undefined, contentType: string | undefined, fileName: string | undefined) => {
    lastPart = name;
    if (name !== undefined && textParts.includes(name)) return false;
    return contentType === 'application/octet-stream' || fileName !== undefined;
  };
  // The plugin's limits are one file's (uploads.plugin.ts); a batch raises the count.
  const limits = parts.maxFiles === 1 ? {} : { limits: { files: parts.maxFiles, parts: parts.maxFiles + textParts.length } };
  try {
    let storedBytes = 0;
    for await (const part of request.parts({ isPartAFile, ...limits })) {
      if (part.type === 'field') {
        if (!textParts.includes(part.fieldname)) {
          throw fieldError(part.fieldname, `${part.fieldname} is not a known part; send file, ${textParts.join(' and ')}`);
        }
        if (fields[part.fieldname] !== undefined) throw fieldError(part.fieldname, `send the ${part.fieldname} part once`);
        if (part.valueTruncated) throw fieldError(part.fieldname, `the ${part.fieldname} part is larger than ${MAX_TEXT_PART_BYTES} bytes`);
        fields[part.fieldname] = jsonText(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw fieldError(part.fieldname, `the document goes in a part named file, not ${part.fieldname}`);
      if (begun.length >= parts.maxFiles) throw tooManyFiles(parts);
      const id = randomUUID();
      begun.push(id);
      const meta = { ownerId, fileName: uploadFileName(part.filename), contentType: part.mimetype || null };
      const file = await store(id, part.file, meta, sink, { maxBytes, before: storedBytes, parts });
      storedBytes += file.bytes;
      files.push(file);
    }
    if (files.length === 0) throw fieldError('file', 'the file part is missing: send the document as a part named file');
    return { files, fields };
  } catch (error) {
    await Promise.all(begun.map((id) => sink.delete(id).catch(() => undefined)));
    const problem = asProblem(error, maxBytes, textParts, lastPart, parts);
    if (problem instanceof ProblemException && problem.problem.status === 413) lingerAfterRefusal(request.raw);
    throw problem;
  }
}

/**
 * A text part as JSON text. One labelled application/json (curl's `;type=application/json`,
 * a JSON Blob in a browser's FormData) arrives already parsed by the multipart library;
 * any other type, or none, arrives as the text sent. Both are validated the same way after.
 */
function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** How long a connection refused mid-upload keeps reading after its answer. */
const LINGER_MS = 2000;

/**
 * A lingering close, as nginx's `lingering_close`: Node ends a `Connection: close`
 * answer by destroying the socket as soon as it is written, while the client is still
 * sending its file; the bytes that then arrive meet a reset, and a reset can throw
 * away the 413 before the client has read it (it sees EPIPE or ECONNRESET instead).
 * So the socket half-closes (the answer, then FIN), keeps reading and discarding for
 * LINGER_MS, and only then goes.
 */
function lingerAfterRefusal(request: IncomingMessage): void {
  // The rest of the body flows and is dropped (the multipart parser has stopped reading).
  request.resume();
  const socket: Socket = request.socket;
  socket.destroySoon = function lingering(this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/**
 * A document whose bytes are in memory already (the MCP tools' base64 content), stored
 * as an uploaded file part is, under the same MAX_FILE_BYTES; a refused one leaves nothing.
 */
export async function storeBytes(
  ownerId: string,
  document: { content: Buffer; fileName: string },
  sink: UploadSink,
  maxBytes: number,
): Promise<StoredFile> {
  if (document.content.length > maxBytes) throw tooLarge(maxBytes);
  const id = randomUUID();
  const meta = { ownerId, fileName: uploadFileName(document.fileName), contentType: null };
  try {
    return await store(id, [document.content], meta, sink, { maxBytes, before: 0, parts: ONE_FILE });
  } catch (error) {
    await sink.delete(id).catch(() => undefined);
    throw error;
  }
}

/** The bytes an upload may still take: `maxBytes` for all its files, `before` of them stored already. */
interface ByteBudget {
  maxBytes: number;
  before: number;
  parts: FileParts;
}

/** Streams one file part into the sink in chunks of at most UPLOAD_CHUNK_BYTES, hashing it on the way. */
async function store(
  id: string,
  stream: (AsyncIterable<Buffer> | Iterable<Buffer>) & { truncated?: boolean },
  meta: { ownerId: string; fileName: string; contentType: string | null },
  sink: UploadSink,
  budget: ByteBudget,
): Promise<StoredFile> {
  await sink.begin({ id, ...meta });
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await sink.append(id, seq++, Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  for await (const chunk of stream) {
    total += chunk.length;
    if (budget.before + total > budget.maxBytes) throw tooLarge(budget.maxBytes, budget.parts);
    hash.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(chunk.length - offset, UPLOAD_CHUNK_BYTES - pendingBytes);
      pending.push(chunk.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === UPLOAD_CHUNK_BYTES) await flush();
    }
  }
  if (stream.truncated) throw tooLarge(budget.maxBytes, budget.parts);
  await flush();
  const sha256 = hash.digest('hex');
  await sink.finish(id, total, sha256);
  return { id, fileName: meta.fileName, contentType: meta.contentType, bytes: total, sha256 };
}
