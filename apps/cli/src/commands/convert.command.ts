import type { DocformatClient, FormatName, FormatOptions } from '@docformat/client';
import { mkdir, writeFile } from 'node:fs/promises';
import { describeFailure, EXIT_FAILED, EXIT_OK, isFatal } from '../failure';
import type { Io } from '../io';
import { findNameClash, outputPath, serializeOutput } from '../output-files';
import { ProgressBar } from '../progress-bar';
import { runLimited } from '../run-limited';
import { UsageError } from '../settings';

export interface ConvertRequest {
  inputs: string[];
  formats: FormatName[];
  options: FormatOptions;
  /** A directory for one file per input and format; without it, the one output goes to stdout. */
  out?: string;
  /** Documents converted at once. */
  concurrency: number;
}

/**
 * `docformat convert <inputs...>`: one input and one format to stdout, or any number
 * into `--out` (a progress bar on a terminal's stderr). Every input is tried; the exit
 * code is 1 if any failed, and a refused token or an unreachable API stops the batch.
 */
export async function convertCommand(client: DocformatClient, request: ConvertRequest, io: Io): Promise<number> {
  const { inputs, formats, options, out } = request;
  if (!out) {
    if (inputs.length > 1 || formats.length > 1)
      throw new UsageError('several inputs or formats are written as files: add --out <directory>.');
    const { outputs } = await client.convert(inputs[0] as string, { formats, options });
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
  await runLimited(
    inputs,
    request.concurrency,
    async (input) => {
      try {
        const { outputs } = await client.convert(input, { formats, options });
        for (const format of formats) await writeFile(outputPath(out, input, format), serializeOutput(outputs[format]));
        bar?.tick('done');
      } catch (error) {
        failed++;
        bar?.tick('failed');
        if (isFatal(error)) fatal ??= error;
        else say(`docformat: ${input}: ${describeFailure(error, client.url).message}`);
      }
    },
    () => fatal !== undefined,
  );
  bar?.finish();
  if (fatal) throw fatal;
  if (failed) say(`docformat: ${failed} of ${inputs.length} inputs failed`);
  return failed ? EXIT_FAILED : EXIT_OK;
}
