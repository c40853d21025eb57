import type { AppConfig } from '@docformat/config';
import { ProblemCode } from '@docformat/contracts';
import { UploadRepository, type ApiClient } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../../http/problem.exception';
import { validateDto } from '../../http/validate-dto';
import { UploadFormatJobDto } from '../dto/create-format-job.dto';
import type { FormatJobRequest } from '../jobs.service';
import { readMultipartSubmission } from './multipart-submission';

/**
 * POST /format as multipart/form-data: the `file` part is stored as it streams in
 * (see multipart-submission.ts), then the `format` part is validated like the JSON
 * body's. A refused submission leaves nothing stored.
 */
@Injectable()
export class UploadSubmissions {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadRepository,
  ) {}

  async read(request: FastifyRequest, client: ApiClient): Promise<FormatJobRequest> {
    const { file, fields } = await readMultipartSubmission(request, client.id, this.uploads, this.config.MAX_FILE_BYTES);
    try {
      const parts = {
        format: jsonPart('format', fields.format),
        ...(fields.webhook !== undefined ? { webhook: jsonPart('webhook', fields.webhook) } : {}),
      };
      const dto = await validateDto(UploadFormatJobDto, parts);
      // The request as sent, for Idempotency-Key: the file by its bytes and name, the parts as written.
      const fingerprint = { file: { sha256: file.sha256, fileName: file.fileName }, ...parts };
      return { fileName: file.fileName, uploadId: file.id, format: dto.format, webhook: dto.webhook, fingerprint };
    } catch (error) {
      await this.discard(file.id);
      throw error;
    }
  }

  /** Deletes an upload no job will convert (best effort: the sweep deletes what is left behind). */
  async discard(uploadId: string): Promise<void> {
    await this.uploads.delete(uploadId).catch(() => undefined);
  }
}

/** A text part holding JSON → its value (undefined when the part is absent, so the DTO says it is required). */
function jsonPart(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProblemException({
      status: 400,
      code: ProblemCode.MALFORMED_JSON,
      title: 'Malformed JSON',
      detail: `The ${name} part is not valid JSON: ${(error as Error).message}.`,
    });
  }
}
