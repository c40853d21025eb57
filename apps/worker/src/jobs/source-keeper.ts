import type { AppConfig } from '@docformat/config';
import { PAGE_SOURCE_MIME_TYPES } from '@docformat/contracts';
import { JobSourceRepository } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DownloadedDocument } from './document-fetcher';

/** Source types whose pages the API can draw (GET /job/{id}/pages/{n}); no other is kept. */
export const PAGE_SOURCE_TYPES: ReadonlySet<string> = new Set(PAGE_SOURCE_MIME_TYPES);

/**
 * Keeps a job's source bytes, as the worker got them, so that the API draws its pages
 * from what was converted and never fetches the URL again. Kept before the conversion
 * (a result-cache hit converts nothing and still has pages); the ranges of a split job
 * are the same job, so they share it. A source above PAGE_SOURCE_MAX_BYTES is not kept:
 * its pages answer 409 SOURCE_NOT_KEPT.
 */
@Injectable()
export class SourceKeeper {
  private readonly logger = new Logger('sources');

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PAGE_SOURCE_MAX_BYTES'>,
    private readonly sources: JobSourceRepository,
  ) {}

  async keep(jobId: string, document: Pick<DownloadedDocument, 'mimeType' | 'bytes' | 'sha256'>): Promise<boolean> {
    if (!PAGE_SOURCE_TYPES.has(document.mimeType)) return false;
    if (document.bytes.length > this.config.PAGE_SOURCE_MAX_BYTES) {
      this.logger.log({ event: 'source.not_kept', jobId, bytes: document.bytes.length, limit: this.config.PAGE_SOURCE_MAX_BYTES });
      return false;
    }
    await this.sources.keep(jobId, document.mimeType, document.bytes, document.sha256);
    return true;
  }
}
