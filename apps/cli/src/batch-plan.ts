import { MAX_BATCH_FILES } from '@docformat/contracts';

/**
 * How many bytes of uploads go into one multipart batch: the API's default
 * MAX_FILE_BYTES, which a form's files may take together. A server set lower answers
 * 413, and the CLI then halves the batch (see convert-batches.ts).
 */
export const DEFAULT_BATCH_BYTES = 50 * 1024 * 1024;

/** An input of `convert`: its text as given, and for a local file its size. */
export interface PlannedInput {
  input: string;
  /** Bytes of a local file; undefined for a URL. */
  bytes?: number;
}

/**
 * Splits the inputs into batches the API takes: URLs apart from files (a batch is one
 * or the other), at most MAX_BATCH_FILES each, and files at most `maxBytes` together
 * (a file larger than that alone goes in a batch of its own, where the API's 413 names
 * it). Each batch keeps the inputs' order.
 */
export function planBatches(inputs: readonly PlannedInput[], maxBytes = DEFAULT_BATCH_BYTES): string[][] {
  const urls = inputs.filter((item) => item.bytes === undefined).map((item) => item.input);
  const batches: string[][] = [];
  for (let i = 0; i < urls.length; i += MAX_BATCH_FILES) batches.push(urls.slice(i, i + MAX_BATCH_FILES));
  let current: string[] = [];
  let bytes = 0;
  for (const item of inputs) {
    if (item.bytes === undefined) continue;
    if (current.length > 0 && (current.length === MAX_BATCH_FILES || bytes + item.bytes > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item.input);
    bytes += item.bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
