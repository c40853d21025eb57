import { extname, join } from 'node:path';
import {
  type OcrEngines,
  type PageProgress,
  type RangePolicy,
  type SplitPlan,
  type SplitPolicy,
  localOcrEngines,
  serveOcr,
} from '@docformat/converters';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { InterruptedError } from '../shutdown/interrupted.error';
import { ConversionLimits } from './conversion-limits';
import {
  plainTextTask,
  type ConversionTaskInput,
  type ConversionTaskSuccess,
  type PdfAssembleTaskInput,
  type PdfPartTaskInput,
  type PdfPartTaskSuccess,
  type TaskInput,
  type TaskOutcome,
  type TaskSuccess,
  type ThreadUsage,
  isPartSuccess,
} from './conversion-task.types';
import { partBuffers } from './part-transfer';
import { progressChannel } from './progress-port';
import { SplitTaskRunner } from './split-task-runner';
import { TaskGate } from './task-gate';
import { fromThreadFailure } from './thread-failure';
import { type RecycleReason, ThreadRecycler } from './thread-recycling';

/** What the pool reports when it replaces a thread (for the log). */
export interface ThreadRecycled {
  threadId: number;
  reason: RecycleReason;
  tasks: number;
  /** What it held after its last task, when it is ended on that task's return (not when a smaller share ends it idle). */
  heapMb?: number;
  externalMb?: number;
  /** The most native memory that task's images took at once. */
  imagesMb?: number;
  rssMb: number;
}

/** One task of a conversion, done: a whole conversion, a part of a split PDF (the first included), or its assembly. */
export interface TaskRan {
  kind: 'convert' | 'pdf-part' | 'pdf-assemble';
  threadId: number;
  /** What the thread held afterwards (ThreadUsage): its heap and memory outside it, in MiB. */
  heapMb: number;
  externalMb: number;
  /** When the thread began it (epoch ms) and how long it ran. */
  startedAt: number;
  ranMs: number;
}

type PoolThread = Parameters<ThreadRecycler['balancer']>[1][number];

export interface ConversionPoolOptions {
  /**
   * The most threads, i.e. conversions at once (maxConcurrency: WORKER_CONCURRENCY, else
   * WORKER_CORES). How many run at once is the share (setShare), at most this.
   */
  threads: number;
  /** Old-generation heap limit per thread (CONVERSION_MAX_MEMORY_MB). */
  maxMemoryMb: number;
  /** Hard limit per conversion (CONVERSION_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * The thread's entry module. Defaults to conversion.task beside this file, with
   * this file's own extension: .js in the built app, .ts when run from source.
   */
  filename?: string;
  /**
   * Node flags for the threads. By default they inherit the process's (so
   * `node -r @swc-node/register main.ts` threads compile TypeScript too); Jest's
   * own process has no such flag, so tests pass theirs (RUN_TYPESCRIPT).
   */
  execArgv?: string[];
  /**
   * The threads' process.env. Defaults to the real process environment; Jest gives
   * test code a copy of it, so tests pass theirs explicitly.
   */
  env?: NodeJS.ProcessEnv;
  /** Tasks after which a thread is replaced by a fresh one (CONVERSION_MAX_TASKS_PER_THREAD); unlimited when absent. */
  maxTasksPerThread?: number;
  /** Process RSS above which a thread that finishes a task may be replaced (a share of WORKER_MAX_RSS_MB, see thread-recycling.ts); no mark when absent. */
  recycleRssMb?: number;
  /** A thread holding no more than this, which has never prepared an image for OCR, is kept above the mark (THREAD_KEEP_MB when absent). */
  keepHeldMb?: number;
  /** The OCR engines every thread's conversions share (see ocr-broker.ts); the process's own by default. */
  ocrEngines?: OcrEngines;
  /**
   * How long PDFs are split across the threads (split-task-runner.ts); `false` (or a
   * minimum part of 0 pages) converts every document in one thread, as does a pool of
   * one thread. DEFAULT_PDF_SPLIT when absent.
   */
  pdfSplit?: PdfSplitSettings | false;
  /** Told about thread errors that belong to no task (they would crash the process otherwise). */
  onError?: (error: unknown) => void;
  /** Told of each task a conversion ran and where (tests and benchmarks: a split PDF's parts). */
  onTask?: (event: TaskRan) => void;
  /** Told when a thread is replaced, and why. */
  onRecycle?: (event: ThreadRecycled) => void;
}

/** Part sizes of a split PDF (PDF_SPLIT_MIN_PART_PAGES, PDF_SPLIT_MAX_PART_PAGES): see SplitPolicy. */
export type PdfSplitSettings = Omit<SplitPolicy, 'threads'>;

/**
 * Measured with apps/worker/bench/big-pdf.ts on 2 cores: docs/performance.md, "One big PDF".
 */
export const DEFAULT_PDF_SPLIT: PdfSplitSettings = { minPartPages: 64, maxPartPages: 512 };

/** How soon a retiring thread that was still counted busy is looked at again. */
const RETIRE_RECHECK_MS = 20;

/** Generous: a thread that compiles TypeScript on the fly (tests) starts slowly. */
const SELF_TEST_TIMEOUT_MS = 60_000;

/**
 * Young generation of a conversion thread (three semi-spaces of 8 MB). V8's default lets
 * a busy thread keep up to 48 MB of it, and a conversion thread was busy most of its
 * life: over 300 mixed jobs the worker peaked at 556 MB with V8's default and at 477 MB
 * with 3 MB (apps/worker/bench/memory.ts). Not smaller, for speed: a scavenge costs ~2 ms
 * whatever it frees once a long PDF's pages fill the heap, so a thread that scavenges
 * every 4 MB spends a sixth of its time there. Two threads each reading the 2,415-page
 * R manual at once took 12-13 % less time with 24 MB than with 12 MB (22.9-24.7 s →
 * 19.0-22.3 s, text and markdown alike; 48 MB was no faster than 24), while a 236-page
 * manual ran the same with either; bench:memory peaked at 385 MB (12 MB: 367 MB,
 * 48 MB: 402 MB). With semi-spaces of 1-2 MB, R-exts.pdf ran 8-15 % slower too.
 */
export const THREAD_YOUNG_GENERATION_MB = 24;

export function defaultTaskFilename(): string {
  return join(__dirname, `conversion.task${extname(__filename)}`);
}

/**
 * Conversions run in worker threads: parsing a PDF is CPU-bound and would block the
 * event loop that renews BullMQ locks and answers Redis. A thread can be killed
 * (timeout) or die (out of memory, crash) and costs only the job it was running;
 * piscina replaces it.
 */
export class ConversionPool {
  private readonly piscina: Piscina<TaskInput, TaskOutcome>;
  private readonly split: PdfSplitSettings | undefined;
  /** Tasks on threads at once: the share. Parts of a split PDF wait here like whole conversions. */
  private readonly gate: TaskGate;
  private share: number;
  private readonly recycler: ThreadRecycler;
  /** piscina's view of each live thread, by threadId: its `currentUsage` says whether it is idle. */
  private readonly threads = new Map<number, PoolThread>();

  constructor(private readonly options: ConversionPoolOptions) {
    this.recycler = new ThreadRecycler({
      maxTasksPerThread: options.maxTasksPerThread ?? Infinity,
      recycleRssMb: options.recycleRssMb ?? Infinity,
      keepHeldMb: options.keepHeldMb,
    });
    this.piscina = new Piscina({
      filename: options.filename ?? defaultTaskFilename(),
      execArgv: options.execArgv,
      env: options.env,
      // Threads start as tasks need them, up to the most, and stay warm (loading pdf.js
      // again for every job would cost more than an idle thread does) until the share
      // shrinks below them (trimSurplus). piscina never ends an idle thread itself.
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: Infinity,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb, maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
      // Decides which thread takes a task, and keeps tasks off threads due for replacement.
      loadBalancer: this.recycler.balancer,
    });
    const split = options.pdfSplit ?? DEFAULT_PDF_SPLIT;
    this.split = split && split.minPartPages >= 1 ? split : undefined;
    this.share = options.threads;
    this.gate = new TaskGate(options.threads);
    this.piscina.on('error', (error: unknown) => options.onError?.(error));
    this.piscina.on('workerCreate', (thread: PoolThread) => this.threads.set(thread.id, thread));
  }

  /**
   * Converts in a thread, or a long PDF in parts on several (split-task-runner.ts). Throws
   * a JobFailure for expected failures (including CONVERSION_TIMEOUT and out-of-memory),
   * InterruptedError when `signal` (shutdown) aborts it, and a plain Error for anything
   * unexpected (a crashed thread). The limits hold for the conversion as a whole.
   */
  async convert(input: ConversionTaskInput, signal?: AbortSignal, progress?: PageProgress): Promise<ConversionTaskSuccess> {
    if (signal?.aborted) throw new InterruptedError('The conversion');
    const limits = new ConversionLimits(this.options, signal);
    const runTask = (task: TaskInput, transferList: readonly TransferListItem[] = []) => this.runTask(task, limits, transferList, progress);
    // Split over the threads of the share at the start; with one, parts would only queue behind each other.
    const splitPolicy: SplitPolicy | undefined = this.split && this.share > 1 ? { ...this.split, threads: this.share } : undefined;
    try {
      if (splitPolicy) return await new SplitTaskRunner(runTask, () => limits.abort()).convert(input, splitPolicy);
      const outcome = await runTask(input);
      if (isPartSuccess(outcome)) throw new Error('A conversion thread returned a part unasked');
      return outcome;
    } finally {
      limits.end();
    }
  }

  /**
   * The first task of a conversion that may be cut into page ranges for the fleet
   * (split/): a whole conversion, unless the document is a PDF whose selection the
   * policy cuts; then `onPlan` hears the plan as soon as it is made and the result is
   * the first range, read here. Throws as `convert` does.
   */
  async convertOrPlan(
    input: ConversionTaskInput,
    policy: RangePolicy,
    onPlan: (plan: SplitPlan) => void,
    signal?: AbortSignal,
    progress?: PageProgress,
  ): Promise<ConversionTaskSuccess | PdfPartTaskSuccess> {
    const announcements = new MessageChannel();
    let announced = false;
    const announce = (plan: SplitPlan) => {
      if (announced) return;
      announced = true;
      onPlan(plan);
    };
    announcements.port1.on('message', announce);
    try {
      const split = { policy, planPort: announcements.port2 };
      const outcome = await this.runAlone({ ...input, split }, signal, [announcements.port2], progress);
      // The result can overtake the announcement: the plan also comes with it.
      if (isPartSuccess(outcome) && outcome.plan) announce(outcome.plan);
      return outcome;
    } finally {
      announcements.port1.close();
    }
  }

  /** One page range of a split PDF, read in a thread: its part, packed (part-transfer.ts). */
  async readRange(task: Omit<PdfPartTaskInput, 'kind' | 'ocrPort'>, signal?: AbortSignal): Promise<Uint8Array> {
    const outcome = await this.runAlone({ kind: 'pdf-part', ...task }, signal);
    if (!isPartSuccess(outcome)) throw new Error('Reading a page range returned a whole conversion');
    return outcome.part;
  }

  /** A split PDF's parts (packed, in page order) → the conversion's result, in a thread. */
  async assembleRanges(task: Omit<PdfAssembleTaskInput, 'kind'>, signal?: AbortSignal): Promise<ConversionTaskSuccess> {
    const outcome = await this.runAlone({ kind: 'pdf-assemble', ...task }, signal, partBuffers(task.parts));
    if (isPartSuccess(outcome)) throw new Error('Assembling page ranges returned a part');
    return outcome;
  }

  /** One task under limits of its own (timeout, memory, `signal`), never split over threads. */
  private async runAlone(
    task: TaskInput,
    signal: AbortSignal | undefined,
    transferList: readonly TransferListItem[] = [],
    progress?: PageProgress,
  ): Promise<TaskSuccess> {
    if (signal?.aborted) throw new InterruptedError('The conversion');
    const limits = new ConversionLimits(this.options, signal);
    try {
      return await this.runTask(task, limits, transferList, progress);
    } finally {
      limits.end();
    }
  }

  /** One task on a thread, under the conversion's limits; a failure it reports is thrown. */
  private async runTask(
    task: TaskInput,
    limits: ConversionLimits,
    transferList: readonly TransferListItem[],
    progress?: PageProgress,
  ): Promise<TaskSuccess> {
    let release: () => void;
    try {
      release = await this.gate.enter(limits.signal);
    } catch (error) {
      throw limits.failure(error);
    }
    // The task's OCR calls come back to this thread, where the process's bounded engine
    // pool serves every conversion (a thread of its own would hold its own engines).
    const ocr = task.kind === 'pdf-assemble' ? undefined : new MessageChannel();
    const images = new ImageCount(this.options.ocrEngines ?? localOcrEngines);
    if (ocr) serveOcr(ocr.port1, images);
    // The pages a reading task reads come back on a port of their own (progress-port.ts).
    const pages = task.kind === 'pdf-assemble' || !progress ? undefined : progressChannel(progress);
    let outcome: TaskOutcome;
    try {
      const sent: TaskInput =
        task.kind === 'pdf-assemble' || !ocr ? task : { ...task, ocrPort: ocr.port2, ...(pages ? { progressPort: pages.port2 } : {}) };
      const ports = [...(ocr ? [ocr.port2] : []), ...(pages ? [pages.port2] : [])];
      outcome = await this.piscina.run(sent, { signal: limits.signal, transferList: [...ports, ...transferList] });
    } catch (error) {
      throw limits.failure(error);
    } finally {
      ocr?.port1.close();
      pages?.port1.close();
      release();
    }
    this.afterTask(outcome.thread, images.sent > 0);
    if (!outcome.ok) throw fromThreadFailure(outcome);
    if (outcome.thread) {
      const { id: threadId, heapMb, externalMb, startedAt, ranMs } = outcome.thread;
      this.options.onTask?.({
        kind: isPartSuccess(outcome) ? 'pdf-part' : (task.kind ?? 'convert'),
        threadId,
        heapMb,
        externalMb,
        startedAt,
        ranMs,
      });
    }
    return outcome;
  }

  /**
   * Conversions to run at once from now on (the worker's share of its host's cores,
   * worker-share/), between one and `threads`. Running tasks go on; threads beyond the
   * share are ended as they become idle.
   */
  setShare(share: number): void {
    this.share = Math.min(Math.max(1, Math.floor(share)), this.options.threads);
    this.gate.resize(this.share);
    this.trimSurplus();
  }

  /** Threads started so far and still running, by threadId (for tests and the memory bench). */
  threadIds(): number[] {
    return this.piscina.threads.map((thread) => thread.threadId).filter((id) => id >= 0);
  }

  /**
   * A task came back from a thread: ends the thread if it is due for replacement
   * (see ThreadRecycler). piscina sees it exit between tasks, fails nothing, and
   * starts a fresh thread in its place.
   */
  private afterTask(usage: ThreadUsage | undefined, drewImages = false): void {
    if (!usage) return;
    this.forgetGoneThreads();
    const idle = this.threads.get(usage.id)?.currentUsage === 0;
    const held = { heldMb: usage.heapMb + usage.externalMb, imagesMb: usage.imagesMb, drewImages };
    let reason = this.recycler.afterTask(usage.id, idle, held);
    if (!reason && idle && this.surplus() > 0) reason = this.recycler.retire(usage.id, 'surplus');
    if (!reason) {
      // piscina counts the task as done a moment after its result arrives. A retiring
      // thread gets no more tasks, so it is idle soon: look again then, or it would sit
      // unused for good and the pool would shrink by one.
      if (!idle && this.recycler.isRetiring(usage.id)) setTimeout(() => this.afterTask(usage, drewImages), RETIRE_RECHECK_MS).unref();
      return;
    }
    this.endThread(usage.id, reason, usage);
  }

  /** Ends a thread that is idle and retiring; piscina sees it exit between tasks and fails nothing. */
  private endThread(threadId: number, reason: RecycleReason, usage?: ThreadUsage): void {
    const thread = this.piscina.threads.find((candidate) => candidate.threadId === threadId);
    if (!thread) return;
    this.options.onRecycle?.({
      threadId,
      reason,
      tasks: this.recycler.tasksOf(threadId),
      ...(usage ? { heapMb: usage.heapMb, externalMb: usage.externalMb, imagesMb: usage.imagesMb } : {}),
      rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    });
    void thread.terminate();
  }

  /** Threads that may still take tasks, beyond the share. */
  private surplus(): number {
    return [...this.threads.values()].filter((thread) => this.recycler.takesTasks(thread)).length - this.share;
  }

  /** After the share shrank: ends idle threads beyond it now; busy ones are ended as their tasks return (afterTask). */
  private trimSurplus(): void {
    this.forgetGoneThreads();
    for (const thread of [...this.threads.values()]) {
      if (this.surplus() <= 0) return;
      if (!this.recycler.canTakeTask(thread)) continue;
      this.endThread(thread.id, this.recycler.retire(thread.id, 'surplus'));
    }
  }

  /** Thread ids are never reused, so the books of threads that have gone are dropped. */
  private forgetGoneThreads(): void {
    const live = new Set(this.threadIds());
    for (const id of this.threads.keys()) if (!live.has(id)) this.threads.delete(id);
    this.recycler.retain(live);
  }

  /**
   * Converts a two-byte text in a thread, so a thread entry that cannot load (a
   * missing file, a broken build) stops the worker at start with the reason. Left
   * to the first job instead, piscina gives up starting threads after a failed
   * bootstrap and every later job would wait for its timeout.
   */
  async selfTest(timeoutMs = SELF_TEST_TIMEOUT_MS): Promise<void> {
    const probe = plainTextTask('ok');
    let outcome: TaskOutcome;
    try {
      outcome = await this.piscina.run(probe, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Error(`Conversion threads could not start (${this.piscina.options.filename}): ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.afterTask(outcome.thread);
    if (!outcome.ok) throw new Error(`Conversion threads failed their self-test: ${outcome.detail ?? outcome.message}`);
  }

  /** Terminates every thread; running conversions are abandoned. */
  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

/**
 * The engines a task's OCR calls are served by, counting the images its thread sent:
 * a thread that sent one decoded or drew it with the native canvas first (ThreadHeld).
 */
class ImageCount implements OcrEngines {
  sent = 0;

  constructor(private readonly engines: OcrEngines) {}

  recognize(...call: Parameters<OcrEngines['recognize']>): ReturnType<OcrEngines['recognize']> {
    this.sent++;
    return this.engines.recognize(...call);
  }

  detectOrientation(...call: Parameters<OcrEngines['detectOrientation']>): ReturnType<OcrEngines['detectOrientation']> {
    this.sent++;
    return this.engines.detectOrientation(...call);
  }
}
