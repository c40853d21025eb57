import type { PageDrawing, PageDrawRequest } from '@docformat/converters/page-images';
import type { StoredRenderRequest, StoredRendering } from '@docformat/converters/render';
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';

export interface RenderPoolOptions {
  /** Threads at most (RENDER_THREADS); none until the first rendering, and idle ones end. */
  threads: number;
  /** Old-generation heap limit per thread (RENDER_MAX_MEMORY_MB). */
  maxMemoryMb: number;
  /** Longest rendering (RENDER_TIMEOUT_MS): its thread is stopped, and replaced when needed. */
  timeoutMs: number;
}

/** Why a rendering did not happen: every thread busy and the queue full, or too slow. */
export class RenderUnavailableError extends Error {
  constructor(
    readonly reason: 'busy' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** Renderings waiting per thread before further ones are refused (503) rather than queued. */
const QUEUE_PER_THREAD = 32;
/** A thread idle this long ends (a rendering thread holds 30–60 MB, more after a big document). */
const IDLE_MS = 60_000;

/**
 * Formats rendered from stored documents run in worker threads of the API process: a
 * big document takes tens to hundreds of milliseconds to render (seconds for
 * hundreds of thousands of table cells), which on the event loop would hold every
 * other request up. The task file sits beside this one with this file's extension:
 * .js in the build, .ts from source (tests), where threads compile it with
 * @swc-node/register and the aliases of SWC_NODE_PROJECT. Page images (../pages) are
 * drawn by the same threads with their own task file, so one setting bounds both and a
 * thread loads pdf.js only once it has drawn a page.
 */
export class RenderPool {
  private readonly piscina: Piscina<StoredRenderRequest | PageDrawRequest, StoredRendering | PageDrawing>;
  private readonly extension = extname(__filename);

  constructor(private readonly options: RenderPoolOptions) {
    const fromSource = this.extension === '.ts';
    this.piscina = new Piscina({
      filename: join(__dirname, `render.task${this.extension}`),
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: IDLE_MS,
      maxQueue: options.threads * QUEUE_PER_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
      ...(fromSource ? { execArgv: ['-r', '@swc-node/register'], env: process.env } : {}),
    });
  }

  /** Renders in a thread; RenderUnavailableError when busy or too slow, a plain Error for anything else. */
  render(request: StoredRenderRequest): Promise<StoredRendering> {
    return this.run(request, 'rendering') as Promise<StoredRendering>;
  }

  /** Draws a page in a thread (../pages/page.task); errors as for render. */
  drawPage(request: PageDrawRequest): Promise<PageDrawing> {
    const filename = join(__dirname, '..', 'pages', `page.task${this.extension}`);
    return this.run(request, 'page drawing', filename) as Promise<PageDrawing>;
  }

  private async run(task: StoredRenderRequest | PageDrawRequest, what: string, filename?: string): Promise<StoredRendering | PageDrawing> {
    if (this.piscina.queueSize >= this.piscina.options.maxQueue) {
      throw new RenderUnavailableError('busy', `every rendering thread is busy and ${this.piscina.queueSize} tasks are waiting`);
    }
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      return await this.piscina.run(task, { signal: timeout, ...(filename ? { filename } : {}) });
    } catch (error) {
      if (timeout.aborted) {
        throw new RenderUnavailableError(
          'timeout',
          `${what} took longer than ${this.options.timeoutMs} ms (RENDER_TIMEOUT_MS) and was stopped`,
        );
      }
      throw error;
    }
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}
