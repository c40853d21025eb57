import { MAX_BATCH_FILES } from '@docformat/contracts';
import {
  DocformatApiError,
  JobFailedError,
  TERMINAL_STATUSES,
  type BatchJob,
  type BatchRecord,
  type DocformatClient,
  type FormatName,
  type FormatOptions,
  type Outputs,
} from '@docformat/client';
import { stat } from 'node:fs/promises';
import { planBatches, type PlannedInput } from '../batch-plan';
import { runLimited } from '../run-limited';

/** Seconds each GET /batches/{id} may wait: how often finished jobs' outputs are fetched while the batch runs. */
const POLL_SECONDS = 5;

export interface BatchRun {
  client: DocformatClient;
  formats: FormatName[];
  options: FormatOptions;
  /** Outputs fetched and written at once. */
  concurrency: number;
  /** Writes a finished input's outputs. */
  write: (input: string, outputs: Outputs) => Promise<void>;
  /** Every input ends here once: without an error when written, else with why it failed. */
  ended: (input: string, error?: unknown) => void;
  /** One input by itself (POST /format), for a batch the API refused as a whole; it calls `ended` itself. */
  convertOne: (input: string) => Promise<void>;
  /** True once a fatal error (a refused token, an unreachable API) was seen: nothing more is started. */
  shouldStop: () => boolean;
}

/**
 * `convert` with several inputs: POST /batches, a batch for the URLs and batches for
 * the files (see planBatches), then each batch long-polled until its jobs have ended,
 * the outputs of each job fetched and written as it ends. The API schedules the jobs;
 * `concurrency` bounds only the output fetches.
 */
export async function convertInBatches(inputs: readonly string[], run: BatchRun): Promise<void> {
  const planned: PlannedInput[] = [];
  for (const input of inputs) {
    if (/^https?:\/\//i.test(input)) planned.push({ input });
    else
      await stat(input).then(
        (file) => (file.isFile() ? planned.push({ input, bytes: file.size }) : run.ended(input, new Error(`${input} is not a file`))),
        (error: unknown) => run.ended(input, error),
      );
  }
  const alone: string[] = [];
  const submitted: { batch: BatchRecord; inputs: string[] }[] = [];
  for (const group of planBatches(planned)) {
    if (run.shouldStop()) break;
    try {
      submitted.push(...(await submitSplitting(group, (part) => run.client.submitBatch(part, run), alone)));
    } catch (error) {
      for (const input of group) run.ended(input, error);
    }
  }
  await Promise.all([
    ...submitted.map(({ batch, inputs: batchInputs }) => follow(batch.id, batchInputs, run)),
    runLimited(alone, run.concurrency, run.convertOne, run.shouldStop),
  ]);
}

/**
 * Submits a batch; one the API finds too large in total (413) is halved and each half
 * submitted, and one it refuses as a whole (a 400 naming one input, or one file past
 * the limit) goes to `alone`, where each input is converted by itself and so fails
 * or succeeds on its own.
 */
export async function submitSplitting(
  inputs: string[],
  submit: (inputs: string[]) => Promise<BatchRecord>,
  alone: string[],
): Promise<{ batch: BatchRecord; inputs: string[] }[]> {
  try {
    return [{ batch: await submit(inputs), inputs }];
  } catch (error) {
    if (!(error instanceof DocformatApiError) || (error.status !== 400 && error.status !== 413)) throw error;
    if (error.status === 413 && inputs.length > 1) {
      const half = Math.ceil(inputs.length / 2);
      return [
        ...(await submitSplitting(inputs.slice(0, half), submit, alone)),
        ...(await submitSplitting(inputs.slice(half), submit, alone)),
      ];
    }
    alone.push(...inputs);
    return [];
  }
}

/** Long-polls one batch (a single page: a batch has at most MAX_BATCH_FILES jobs), finishing each job once as it ends. */
async function follow(id: string, inputs: readonly string[], run: BatchRun): Promise<void> {
  // By position: the batch's jobs come in the order of its inputs.
  const finished = new Set<number>();
  let wait = 0;
  while (!run.shouldStop()) {
    let batch: BatchRecord;
    try {
      batch = await run.client.getBatch(id, { wait, limit: MAX_BATCH_FILES });
    } catch (error) {
      inputs.forEach((input, i) => (finished.has(i) ? undefined : run.ended(input, error)));
      return;
    }
    const ended = batch.jobs.flatMap((job, i) => (isEnded(job) && !finished.has(i) ? [{ job, i }] : []));
    for (const { i } of ended) finished.add(i);
    await runLimited(ended, run.concurrency, ({ job, i }) => finish(job, inputs[i] as string, run), run.shouldStop);
    if (batch.done) return;
    wait = POLL_SECONDS;
  }
}

const isEnded = (job: BatchJob) => TERMINAL_STATUSES.includes(job.status);

/** A job that ended: its outputs written, or its failure (code and message, from its record) told. */
async function finish(job: BatchJob, input: string, run: BatchRun): Promise<void> {
  try {
    const record = await run.client.getJob(job.id);
    if (record.status === 'FAILED') return run.ended(input, new JobFailedError(record));
    await run.write(input, record.formats);
    run.ended(input);
  } catch (error) {
    run.ended(input, error);
  }
}
