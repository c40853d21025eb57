import { type FormatOptions, type ImageMode, isUuid, JobStatus, ProblemCode } from '@docformat/contracts';
import { outputFormatInfo, outputFormatNames, READABLE_DOCUMENT_VERSIONS } from '@docformat/converters/names';
import { type ApiClient, JobDocumentRepository, type RenderSource } from '@docformat/db';
import { Injectable, Logger } from '@nestjs/common';
import { notFound, ProblemException } from '../../http/problem.exception';
import { RenderPool, RenderUnavailableError } from './render-pool';
import { renderRequest, type RenderRequest } from './render-query';
import { ImageLinks } from '../images/image-links.service';

/** Where an answer came from: the job's own output, the rendition cache, or a rendering just now. */
export type OutputSource = 'stored' | 'cached' | 'rendered';

export interface RawOutput {
  mediaType: string;
  body: string;
  source: OutputSource;
}

/** An output as stored or rendered, its pictures still tokens (image-links.ts), and the images mode it was rendered in. */
export interface LinkedOutput extends RawOutput {
  images: ImageMode;
}

/** Seconds a client should wait before asking again when no rendering thread is free. */
const RENDER_RETRY_AFTER_SECONDS = 5;

/**
 * GET /job/{id}/formats/{name}: one output, raw. A format the job stored with the same
 * options is answered as stored; any other is rendered from the job's stored document
 * tree (no download, no parse of the source) in a rendering thread, cached by format
 * and options, and answered from that cache next time.
 */
@Injectable()
export class JobFormatsService {
  private readonly logger = new Logger('renders');
  /** Renderings under way in this process, so that requests arriving together render once. */
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly documents: JobDocumentRepository,
    private readonly pool: RenderPool,
    private readonly links: ImageLinks,
  ) {}

  /** The output as GET /job/{id}/formats/{name} sends it: its pictures linked now (signed URLs, data: URIs). */
  async output(client: ApiClient, id: string, name: string, query: Record<string, unknown>): Promise<RawOutput> {
    const { images, ...output } = await this.linkedOutput(client, id, name, query);
    return { ...output, body: await this.links.resolve(client.id, id, output, images) };
  }

  /** The output with its pictures as tokens, for whoever links them (output above, the bundle). */
  async linkedOutput(client: ApiClient, id: string, name: string, query: Record<string, unknown>): Promise<LinkedOutput> {
    const format = outputFormatInfo(name);
    if (!format) throw notFound(`There is no output format "${name}"; the formats are ${outputFormatNames().join(', ')}.`);
    const source = isUuid(id) ? await this.documents.renderSource(id, client.id) : null;
    if (!source) throw notFound(`There is no job with id "${id}".`);
    if (source.status !== JobStatus.COMPLETED) throw notCompleted(id, source.status);
    const options = source.options as FormatOptions | null;
    const request = renderRequest(format, query, options);

    // What the job itself rendered: asked for without other options.
    if (source.requestedFormats.includes(name) && renderRequest(format, {}, options).key === request.key) {
      const stored = await this.documents.storedOutput(id, name);
      const body = stored?.text ?? stored?.json;
      if (body !== null && body !== undefined)
        return { mediaType: format.mediaType, body, source: 'stored', images: request.options.images };
    }
    assertTreeStored(id, source);
    const cached = await this.documents.rendition(id, request.key);
    if (cached !== null) return { mediaType: format.mediaType, body: cached, source: 'cached', images: request.options.images };
    return {
      mediaType: format.mediaType,
      body: await this.renderOnce(id, name, request),
      source: 'rendered',
      images: request.options.images,
    };
  }

  private renderOnce(id: string, name: string, request: RenderRequest): Promise<string> {
    const flight = `${id} ${request.key}`;
    let rendering = this.inFlight.get(flight);
    if (!rendering) {
      rendering = this.render(id, name, request).finally(() => this.inFlight.delete(flight));
      this.inFlight.set(flight, rendering);
    }
    return rendering;
  }

  private async render(id: string, name: string, request: RenderRequest): Promise<string> {
    const stored = await this.documents.tree(id);
    if (!stored) throw notFound(`There is no job with id "${id}".`); // deleted meanwhile
    const started = performance.now();
    let body: string;
    try {
      ({ body } = await this.pool.render({ tree: stored.tree, format: name, options: request.options }));
    } catch (error) {
      if (!(error instanceof RenderUnavailableError)) throw error;
      this.logger.warn({ event: 'render.unavailable', jobId: id, key: request.key, reason: error.reason });
      throw new ProblemException({
        status: 503,
        code: ProblemCode.RENDER_UNAVAILABLE,
        title: 'Service Unavailable',
        detail: `The ${name} output of job ${id} could not be rendered now: ${error.message}.`,
        headers: error.reason === 'busy' ? { 'Retry-After': String(RENDER_RETRY_AFTER_SECONDS) } : {},
      });
    }
    const renderMs = Math.round(performance.now() - started);
    await this.documents.saveRendition({ jobId: id, key: request.key, format: name, body, renderMs });
    this.logger.log({ event: 'render.done', jobId: id, key: request.key, treeBytes: stored.tree.length, bytes: body.length, renderMs });
    return body;
  }
}

function notCompleted(id: string, status: string): ProblemException {
  const detail =
    status === JobStatus.FAILED
      ? `The job ${id} FAILED; it has no outputs (GET /job/${id} says why).`
      : `The job ${id} is ${status}; its outputs can be fetched once it is COMPLETED (GET /job/${id}?wait=30 answers as soon as it is).`;
  return new ProblemException({
    status: 409,
    code: ProblemCode.JOB_NOT_COMPLETED,
    title: 'Job not completed',
    detail,
    extensions: { jobStatus: status },
  });
}

/** A job completed before trees were stored (or by converters of another tree version) has only what it rendered itself. */
function assertTreeStored(id: string, source: RenderSource): void {
  if (source.treeVersion !== null && READABLE_DOCUMENT_VERSIONS.includes(source.treeVersion)) return;
  const stored = source.requestedFormats.length > 0 ? ` It has ${source.requestedFormats.join(', ')} as rendered then.` : '';
  throw new ProblemException({
    status: 409,
    code: ProblemCode.DOCUMENT_NOT_STORED,
    title: 'Document not stored',
    detail:
      (source.treeVersion === null
        ? `The job ${id} completed before document trees were stored, so no other format or option can be rendered from it.`
        : `The job ${id} stored its document in a shape (version ${source.treeVersion}) these converters do not read.`) +
      `${stored} Submit the document again for others.`,
  });
}
