import type { AppConfig } from '@docformat/config';
import { JobErrorCode, JobFailure } from '@docformat/contracts';
import { identifyDocument } from '@docformat/converters';
import type { FileInput } from '@docformat/file-types';
import { UploadRepository } from '@docformat/db';
import { fetchDocument, type FetchedDocument } from '@docformat/fetcher';
import { WorkerMetrics } from '@docformat/metrics';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable } from '@nestjs/common';
import { InterruptedError } from '../shutdown/interrupted.error';

/** A downloaded document and what it is. */
export interface DownloadedDocument extends FetchedDocument {
  /** Identified from the bytes, the Content-Type and the file name (lower case). */
  mimeType: string;
  /** The type's usual extension, the `input` label of the metrics; absent for unknown types. */
  extension?: string;
  /**
   * The name of the reader that reads it (documentReaders), for the conversion thread,
   * which reads it with that reader instead of identifying it again; absent when no
   * reader takes the type (the conversion fails as unsupported).
   */
  reader?: string;
}

/** What identification found, as the job carries it. */
type Identification = Pick<DownloadedDocument, 'mimeType' | 'extension' | 'reader'>;

/**
 * Gets a job's document on the main thread: downloads it, or reads it from the stored
 * upload; either way the same identification, limits and error codes follow. Downloads: it is I/O, and the fetcher's
 * limits (size, time, private addresses) come from the config here, once. Each
 * document is identified here, once for the job (for the logs, the metrics, the job's
 * result, and the reader the conversion thread reads it with), and each download timed
 * and counted, so libs/fetcher knows nothing of document types or metrics.
 */
@Injectable()
export class DocumentFetcher {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: WorkerMetrics,
    private readonly uploads: UploadRepository,
  ) {}

  /**
   * An uploaded document, as if it had been downloaded. A job whose upload is gone (the
   * job was deleted meanwhile) or was never completed cannot be converted: that is
   * permanent. The API enforced MAX_FILE_BYTES while it streamed in; a smaller limit
   * set on this worker since still applies.
   */
  async readUpload(uploadId: string): Promise<DownloadedDocument> {
    const upload = await this.uploads.read(uploadId);
    if (!upload) throw new JobFailure(JobErrorCode.DOWNLOAD_FAILED, 'The uploaded document is no longer stored.', false);
    if (upload.bytes.length > this.config.MAX_FILE_BYTES) {
      throw new JobFailure(JobErrorCode.FILE_TOO_LARGE, `The document is larger than ${this.config.MAX_FILE_BYTES} bytes.`, false);
    }
    return {
      finalUrl: `upload:${uploadId}`,
      bytes: upload.bytes,
      contentType: upload.contentType,
      byteLength: upload.bytes.length,
      sha256: upload.sha256,
      fileName: upload.fileName,
      ...identify(upload),
    };
  }

  async fetch(url: string, signal?: AbortSignal): Promise<DownloadedDocument> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const document = await fetchDocument(url, {
        maxBytes: this.config.MAX_FILE_BYTES,
        timeoutMs: this.config.FETCH_TIMEOUT_MS,
        allowPrivate: this.config.FETCH_ALLOW_PRIVATE,
        signal,
      });
      const identified = identify(document);
      this.metrics.fetched(identified.extension, document.byteLength, seconds());
      return { ...document, ...identified };
    } catch (error) {
      // A download cancelled by our own shutdown says nothing about the document (nor about downloads).
      if (signal?.aborted) throw new InterruptedError('The download');
      this.metrics.fetchFailed(seconds());
      throw error;
    }
  }
}

/** The document's one identification: absent fields left out, as the job record wants. */
function identify(document: FileInput): Identification {
  const { mimeType, extension, reader } = identifyDocument(document);
  return { mimeType, ...(extension ? { extension } : {}), ...(reader ? { reader: reader.name } : {}) };
}
