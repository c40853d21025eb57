import { JobStatus, PAGE_SOURCE_MIME_TYPES, ProblemCode, isUuid } from '@docformat/contracts';
import type { PageDrawing } from '@docformat/converters/page-images';
import { type ApiClient, JobSourceRepository, type PageSource } from '@docformat/db';
import type { AppConfig } from '@docformat/config';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { notFound, ProblemException } from '../../http/problem.exception';
import { RenderPool, RenderUnavailableError } from '../formats/render-pool';
import { pageQuery, type PageQuery } from './page-query';

export interface PageImage {
  mediaType: string;
  body: Buffer;
  /** The cache, or a drawing just now (the Docformat-Output header). */
  source: 'cached' | 'rendered';
}

/** Seconds a client should wait before asking again when no rendering thread is free. */
const RETRY_AFTER_SECONDS = 5;

/**
 * GET /job/{id}/pages/{n}: a page of the job's kept source, drawn in a rendering thread
 * (never on this event loop, which loads no PDF code), cached per page, dpi and format.
 */
@Injectable()
export class JobPagesService {
  private readonly logger = new Logger('pages');
  /** Drawings under way in this process, so that requests arriving together draw once. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'MAX_IMAGE_PIXELS'>,
    private readonly sources: JobSourceRepository,
    private readonly pool: RenderPool,
  ) {}

  async page(client: ApiClient, id: string, pageParameter: string, query: Record<string, unknown>): Promise<PageImage> {
    const request = pageQuery(pageParameter, query);
    const source = isUuid(id) ? await this.sources.pageSource(id, client.id) : null;
    if (!source) throw notFound(`There is no job with id "${id}".`);
    const mimeType = keptSource(id, source);
    const mediaType = `image/${request.format}`;
    const cached = await this.sources.pageImage(id, request.key);
    if (cached) return { mediaType: cached.mediaType, body: cached.body, source: 'cached' };
    const flight = `${id} ${request.key}`;
    let drawing = this.inFlight.get(flight);
    if (!drawing) {
      drawing = this.draw(id, mimeType, request).finally(() => this.inFlight.delete(flight));
      this.inFlight.set(flight, drawing);
    }
    return { mediaType, body: await drawing, source: 'rendered' };
  }

  private async draw(id: string, mimeType: string, request: PageQuery): Promise<Buffer> {
    const bytes = await this.sources.bytes(id);
    if (!bytes) throw notKept(id, 'it was deleted meanwhile');
    const started = performance.now();
    let drawing: PageDrawing;
    try {
      drawing = await this.pool.drawPage({
        bytes,
        mimeType,
        page: request.page,
        dpi: request.dpi,
        format: request.format,
        maxPixels: this.config.MAX_IMAGE_PIXELS,
      });
    } catch (error) {
      if (!(error instanceof RenderUnavailableError)) throw error;
      this.logger.warn({ event: 'page.unavailable', jobId: id, key: request.key, reason: error.reason });
      throw new ProblemException({
        status: 503,
        code: ProblemCode.RENDER_UNAVAILABLE,
        title: 'Service Unavailable',
        detail: `Page ${request.page} of job ${id} could not be drawn now: ${error.message}.`,
        headers: error.reason === 'busy' ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {},
      });
    }
    if (!drawing.ok) {
      this.logger.log({ event: 'page.refused', jobId: id, key: request.key, reason: drawing.reason });
      throw drawingProblem(id, drawing);
    }
    const body = Buffer.from(drawing.body.buffer, drawing.body.byteOffset, drawing.body.byteLength);
    const renderMs = Math.round(performance.now() - started);
    await this.sources.savePageImage({ jobId: id, key: request.key, mediaType: drawing.mediaType, body, renderMs });
    this.logger.log({
      event: 'page.drawn',
      jobId: id,
      key: request.key,
      width: drawing.width,
      height: drawing.height,
      bytes: body.length,
      renderMs,
    });
    return body;
  }
}

/** The kept source's type, or the problem that says why there are no pages to draw. */
function keptSource(id: string, source: PageSource): string {
  if (source.status !== JobStatus.COMPLETED) {
    throw new ProblemException({
      status: 409,
      code: ProblemCode.JOB_NOT_COMPLETED,
      title: 'Job not completed',
      detail:
        source.status === JobStatus.FAILED
          ? `The job ${id} FAILED; its pages are drawn only for a COMPLETED job.`
          : `The job ${id} is ${source.status}; its pages can be drawn once it is COMPLETED (GET /job/${id}?wait=30 answers as soon as it is).`,
      extensions: { jobStatus: source.status },
    });
  }
  if (source.keptMimeType) return source.keptMimeType;
  if (source.resultMimeType && !PAGE_SOURCE_MIME_TYPES.includes(source.resultMimeType)) {
    throw new ProblemException({
      status: 422,
      code: ProblemCode.NO_PAGE_IMAGES,
      title: 'No page images',
      detail: `The job ${id} converted a ${source.resultMimeType} document, which has no pages to draw; page images are drawn for PDFs and PNG or JPEG images.`,
    });
  }
  throw notKept(id, 'it was larger than PAGE_SOURCE_MAX_BYTES, or converted before sources were kept');
}

function notKept(id: string, why: string): ProblemException {
  return new ProblemException({
    status: 409,
    code: ProblemCode.SOURCE_NOT_KEPT,
    title: 'Source not kept',
    detail: `The source document of job ${id} is not kept (${why}), so its pages cannot be drawn. Submit the document again to see them.`,
  });
}

function drawingProblem(id: string, drawing: Extract<PageDrawing, { ok: false }>): ProblemException {
  if (drawing.reason === 'out-of-range') {
    return new ProblemException({
      status: 404,
      code: ProblemCode.PAGE_OUT_OF_RANGE,
      title: 'Page out of range',
      detail: drawing.message,
      extensions: { pageCount: drawing.pageCount },
    });
  }
  const tooLarge = drawing.reason === 'too-large';
  return new ProblemException({
    status: 422,
    code: tooLarge ? ProblemCode.PAGE_TOO_LARGE : ProblemCode.SOURCE_UNREADABLE,
    title: tooLarge ? 'Page too large' : 'Source unreadable',
    detail: tooLarge ? `${drawing.message} Ask for a lower dpi.` : `Job ${id}: ${drawing.message}`,
  });
}
