import type { Conversion, ConvertOptions, DocformatClient, FormatName, FormatOptions, Outputs } from '@docformat/client';
import { mkdir, writeFile } from 'node:fs/promises';
import { describeFailure, EXIT_FAILED, EXIT_OK, isFatal } from '../failure';
import type { Io } from '../io';
import { findNameClash, outputPath, serializeOutput } from '../output-files';
import { PageBar, ProgressBar } from '../progress-bar';
import { UsageError } from '../settings';
import { convertInBatches } from './convert-batches';

export interface ConvertRequest {
  inputs: string[];
  formats: FormatName[];
  options: FormatOptions;
  /** A directory for one file per input and format; without it, the one output goes to stdout. */
  out?: string;
  /** Outputs fetched at once (several inputs go as batches, which the API schedules). */
  concurrency: number;
}

/**
 * `docformat convert <inputs...>`: one input and one format to stdout, or any number
 * into `--out`, several inputs submitted as batches (convert-batches.ts). On a
 * terminal's stderr, a progress bar: the pages of one input as its job converts them,
 * or the inputs of a batch as their jobs end;
 * nothing on a stderr that is not a terminal. Every input is tried; the exit code is 1
 * if any failed, and a refused token or an unreachable API stops the batch.
 */
export async function convertCommand(client: DocformatClient, request: ConvertRequest, io: Io): Promise<number> {
  const { inputs, formats, options, out } = request;
  if (!out) {
    if (inputs.length > 1 || formats.length > 1)
      throw new UsageError('several inputs or formats are written as files: add --out <directory>.');
    const { outputs } = await convertShowingPages(client, inputs[0] as string, { formats, options }, io);
    io.stdout(serializeOutput(outputs[formats[0] as FormatName]));
    return EXIT_OK;
  }
  const clash = findNameClash(inputs);
  if (clash) throw new UsageError(`${clash[0]} and ${clash[1]} would write the same files in ${out}: convert them separately.`);
  await mkdir(out, { recursive: true });

  const bar = io.stderrIsTty && inputs.length > 1 ? new ProgressBar(inputs.length, io.stderr, io.columns) : undefined;
  const say = (line: string) => (bar ? bar.log(line) : io.stderr(`${line}\n`));
  let failed = 0;
  let fatal: unknown;
  const write = async (input: string, outputs: Outputs) => {
    for (const format of formats) await writeFile(outputPath(out, input, format), serializeOutput(outputs[format]));
  };
  const ended = (input: string, error?: unknown) => {
    if (error === undefined) return bar?.tick('done', input);
    failed++;
    bar?.tick('failed', input);
    if (isFatal(error)) fatal ??= error;
    else say(`docformat: ${input}: ${describeFailure(error, client.url).message}`);
  };
  const convertOne = async (input: string) => {
    try {
      // In a batch's bar, the pages of this input move it; alone, its own pages' bar.
      const conversion = bar
        ? await client.convert(input, { formats, options, pageProgress: true, onProgress: ({ progress }) => bar.pages(input, progress) })
        : await convertShowingPages(client, input, { formats, options }, io);
      await write(input, conversion.outputs);
      ended(input);
    } catch (error) {
      ended(input, error);
    }
  };
  if (inputs.length === 1) await convertOne(inputs[0] as string);
  else
    await convertInBatches(inputs, {
      client,
      formats,
      options,
      concurrency: request.concurrency,
      write,
      ended,
      convertOne,
      shouldStop: () => fatal !== undefined,
    });
  bar?.finish();
  if (fatal) throw fatal;
  if (failed) say(`docformat: ${failed} of ${inputs.length} inputs failed`);
  return failed ? EXIT_FAILED : EXIT_OK;
}

/** One document, its pages drawn on a terminal's stderr while its job runs (long-polls with progress=1), the line cleared after. */
async function convertShowingPages(
  client: DocformatClient,
  input: string,
  options: Pick<ConvertOptions, 'formats' | 'options'>,
  io: Io,
): Promise<Conversion> {
  if (!io.stderrIsTty) return client.convert(input, options);
  const bar = new PageBar(io.stderr, io.columns);
  try {
    return await client.convert(input, { ...options, pageProgress: true, onProgress: ({ progress }) => bar.update(progress) });
  } finally {
    bar.clear();
  }
}
