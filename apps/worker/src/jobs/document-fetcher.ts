import type { AppConfig } from '@docformat/config';
import { fetchDocument, type FetchedDocument } from '@docformat/fetcher';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../infra/tokens';
import { InterruptedError } from '../shutdown/interrupted.error';

/**
 * Downloads a job's document on the main thread: it is I/O, and the fetcher's
 * limits (size, time, private addresses) come from the config here, once.
 */
@Injectable()
export class DocumentFetcher {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async fetch(url: string, signal?: AbortSignal): Promise<FetchedDocument> {
    try {
      return await fetchDocument(url, {
        maxBytes: this.config.MAX_FILE_BYTES,
        timeoutMs: this.config.FETCH_TIMEOUT_MS,
        allowPrivate: this.config.FETCH_ALLOW_PRIVATE,
        signal,
      });
    } catch (error) {
      // A download cancelled by our own shutdown says nothing about the document.
      if (signal?.aborted) throw new InterruptedError('The download');
      throw error;
    }
  }
}
