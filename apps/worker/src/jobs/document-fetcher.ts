import type { AppConfig } from '@docformat/config';
import { fetchDocument, type FetchedDocument } from '@docformat/fetcher';
import { WorkerMetrics } from '@docformat/metrics';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable } from '@nestjs/common';
import { InterruptedError } from '../shutdown/interrupted.error';

/**
 * Downloads a job's document on the main thread: it is I/O, and the fetcher's
 * limits (size, time, private addresses) come from the config here, once. Each
 * download is timed and counted here, so libs/fetcher knows nothing of metrics.
 */
@Injectable()
export class DocumentFetcher {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: WorkerMetrics,
  ) {}

  async fetch(url: string, signal?: AbortSignal): Promise<FetchedDocument> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const document = await fetchDocument(url, {
        maxBytes: this.config.MAX_FILE_BYTES,
        timeoutMs: this.config.FETCH_TIMEOUT_MS,
        allowPrivate: this.config.FETCH_ALLOW_PRIVATE,
        signal,
      });
      this.metrics.fetched(document.extension, document.byteLength, seconds());
      return document;
    } catch (error) {
      // A download cancelled by our own shutdown says nothing about the document (nor about downloads).
      if (signal?.aborted) throw new InterruptedError('The download');
      this.metrics.fetchFailed(seconds());
      throw error;
    }
  }
}
