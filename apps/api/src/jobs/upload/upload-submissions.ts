import type { AppConfig } from '@docformat/config';
import { MAX_BATCH_FILES } from '@docformat/contracts';
import { UploadRepository, type ApiClient } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { validateDto } from '../../http/validate-dto';
import { UploadFormatJobDto } from '../dto/create-format-job.dto';
import { UploadExtractionJobDto } from '../extract/create-extraction-job.dto';
import type { ExtractionJobRequest, FormatJobRequest } from '../jobs.service';
import { malformedJson, readMultipartSubmission, storeBytes, type StoredFile } from './multipart-submission';

/** POST /batches from a multipart form: the stored uploads, one job each, and what every job shares. */
export interface BatchUpload {
  files: { fileName: string; uploadId: string }[];
  format: UploadFormatJobDto['format'];
  webhook?: UploadFormatJobDto['webhook'];
  /** The request as sent, for Idempotency-Key: the files by their bytes and names, the parts as written. */
  fingerprint: unknown;
}

/** A document's bytes with its file name. */
export interface InMemoryDocument {
  content: Buffer;
  fileName: string;
}

/**
 * POST /format and POST /extract as multipart/form-data: the `file` part is stored as
 * it streams in (see multipart-submission.ts), then the text parts are validated like
 * the JSON body's. A refused submission leaves nothing stored. The MCP tools' base64
 * documents take the same path from memory (formatFromBytes, extractionFromBytes).
 */
@Injectable()
export class UploadSubmissions {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadRepository,
  ) {}

  async read(request: FastifyRequest, client: ApiClient): Promise<FormatJobRequest> {
    return this.readWith(request, client, ['format', 'webhook'], formatRequest);
  }

  /** POST /extract as multipart/form-data: the `file` part, and optional `options` and `webhook` parts. */
  async readExtraction(request: FastifyRequest, client: ApiClient): Promise<ExtractionJobRequest> {
    return this.readWith(request, client, ['options', 'webhook'], extractionRequest);
  }

  /**
   * POST /format's request from a document in memory (the MCP tools' base64 content) and
   * its `format`: stored and validated as an upload is, under the same limits.
   */
  formatFromBytes(client: ApiClient, document: InMemoryDocument, format: unknown): Promise<FormatJobRequest> {
    return this.fromBytes(client, document, { format }, formatRequest);
  }

  /** POST /extract's request from a document in memory and its optional `options`, as formatFromBytes. */
  extractionFromBytes(client: ApiClient, document: InMemoryDocument, options: unknown): Promise<ExtractionJobRequest> {
    return this.fromBytes(client, document, options === undefined ? {} : { options }, extractionRequest);
  }

  private async fromBytes<T>(
    client: ApiClient,
    document: InMemoryDocument,
    parts: Record<string, unknown>,
    build: (file: StoredFile, parts: Record<string, unknown>) => Promise<T>,
  ): Promise<T> {
    const file = await storeBytes(client.id, document, this.uploads, this.config.MAX_FILE_BYTES);
    return this.discardingOnFailure([file], () => build(file, parts));
  }

  /** Stores the file, parses the text parts as JSON and builds the request; a refused one leaves nothing stored. */
  private async readWith<T>(
    request: FastifyRequest,
    client: ApiClient,
    textParts: readonly string[],
    build: (file: StoredFile, parts: Record<string, unknown>) => Promise<T>,
  ): Promise<T> {
    const { files, fields } = await readMultipartSubmission(request, client.id, this.uploads, this.config.MAX_FILE_BYTES, textParts);
    const [file] = files as [StoredFile];
    return this.discardingOnFailure([file], () => build(file, jsonParts(textParts, fields)));
  }

  /**
   * POST /batches as multipart/form-data: up to MAX_BATCH_FILES `file` parts, within
   * MAX_FILE_BYTES together, and the `format` (and `webhook`) parts every job shares.
   */
  async readBatch(request: FastifyRequest, client: ApiClient): Promise<BatchUpload> {
    const textParts = ['format', 'webhook'];
    const { files, fields } = await readMultipartSubmission(request, client.id, this.uploads, this.config.MAX_FILE_BYTES, textParts, {
      maxFiles: MAX_BATCH_FILES,
    });
    return this.discardingOnFailure(files, async () => {
      const parts = jsonParts(textParts, fields);
      const sent = { format: parts['format'], ...optional(parts, 'webhook') };
      const dto = await validateDto(UploadFormatJobDto, sent);
      return {
        files: files.map((file) => ({ fileName: file.fileName, uploadId: file.id })),
        format: dto.format,
        webhook: dto.webhook,
        fingerprint: { files: files.map((file) => ({ sha256: file.sha256, fileName: file.fileName })), ...sent },
      };
    });
  }

  private async discardingOnFailure<T>(files: readonly StoredFile[], build: () => Promise<T>): Promise<T> {
    try {
      return await build();
    } catch (error) {
      await Promise.all(files.map((file) => this.discard(file.id)));
      throw error;
    }
  }

  /** Deletes an upload no job will convert (best effort: the sweep deletes what is left behind). */
  async discard(uploadId: string): Promise<void> {
    await this.uploads.delete(uploadId).catch(() => undefined);
  }
}

/** POST /format's upload: the stored file, and the `format` (and `webhook`) parts validated as the JSON body's are. */
async function formatRequest(file: StoredFile, parts: Record<string, unknown>): Promise<FormatJobRequest> {
  const sent = { format: parts['format'], ...optional(parts, 'webhook') };
  const dto = await validateDto(UploadFormatJobDto, sent);
  return { fileName: file.fileName, uploadId: file.id, format: dto.format, webhook: dto.webhook, fingerprint: fingerprint(file, sent) };
}

/** POST /extract's upload: the stored file, and the optional `options` and `webhook` parts. */
async function extractionRequest(file: StoredFile, parts: Record<string, unknown>): Promise<ExtractionJobRequest> {
  const sent = { ...optional(parts, 'options'), ...optional(parts, 'webhook') };
  const dto = await validateDto(UploadExtractionJobDto, sent);
  return { fileName: file.fileName, uploadId: file.id, options: dto.options, webhook: dto.webhook, fingerprint: fingerprint(file, sent) };
}

/** The request as sent, for Idempotency-Key: the file by its bytes and name, the parts as written. */
function fingerprint(file: StoredFile, parts: Record<string, unknown>): unknown {
  return { file: { sha256: file.sha256, fileName: file.fileName }, ...parts };
}

/** Each text part's JSON value, by name. */
function jsonParts(textParts: readonly string[], fields: Partial<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(textParts.map((name) => [name, jsonPart(name, fields[name])]));
}

/** `{name: value}` when the part was sent, `{}` when not (so the DTO sees no property rather than undefined). */
function optional(parts: Record<string, unknown>, name: string): Record<string, unknown> {
  return parts[name] === undefined ? {} : { [name]: parts[name] };
}

/** A text part holding JSON → its value (undefined when the part is absent, so the DTO says it is required). */
function jsonPart(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformedJson(name, (error as Error).message);
  }
}
