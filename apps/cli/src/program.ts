import { DocformatClient, type JobStatus, type JobType } from '@docformat/client';
import { PAGE_IMAGE_DPI, PAGE_IMAGE_FORMATS } from '@docformat/contracts';
import { Command, CommanderError, Option } from 'commander';
import { bundleCommand } from './commands/bundle.command';
import { cancelCommand } from './commands/cancel.command';
import { convertCommand } from './commands/convert.command';
import { jobsCommand } from './commands/jobs.command';
import { mcpCommand } from './commands/mcp.command';
import { pageCommand } from './commands/page.command';
import { describeFailure, EXIT_USAGE } from './failure';
import { FORMAT_NAMES, formatList, formatOptions, wholeNumber, type ConvertFlags } from './convert-flags';
import type { Io } from './io';
import { readSettings, type Settings } from './settings';

const STATUSES: JobStatus[] = ['CREATED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'];
const TYPES: JobType[] = ['format', 'extraction'];

/**
 * The docformat CLI: parses `argv` (the arguments after the program's name), reads
 * DOCFORMAT_URL and DOCFORMAT_TOKEN from `env` when a command needs them, and answers
 * the exit code: 0 done, 1 failed (the API refused, a job failed, no API), 2 misused.
 */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let exitCode = 0;
  let settings: Settings | undefined;
  const client = () => {
    settings = readSettings(env);
    return new DocformatClient({ url: settings.url, token: settings.token });
  };

  const program = new Command('docformat')
    .description('Convert documents with a docformat API (DOCFORMAT_URL, default http://localhost:3000; DOCFORMAT_TOKEN).')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(docformat --help lists the commands)')
    .exitOverride();

  program
    .command('convert')
    .description('Convert files or URLs: one output to stdout, or one file per input and format into --out.')
    .argument('<inputs...>', 'local files or http(s) URLs')
    .option(
      '-f, --format <names>',
      `output formats, comma-separated or repeated: ${FORMAT_NAMES.join(', ')} (default markdown)`,
      formatList,
    )
    .option('-o, --out <directory>', 'write <name>.<extension> per input and format here (needed for several inputs or formats)')
    .option('--pages <list>', 'pages to convert, such as 1-3,7 or 10-')
    .addOption(new Option('--ocr <mode>', 'OCR: auto, force or off').choices(['auto', 'force', 'off']))
    .option('--languages <codes>', 'OCR languages, comma-separated Tesseract codes (eng,deu)', (value: string) => value.split(','))
    .option('--page-markers', 'mark where pages start (markdown and text)')
    .addOption(
      new Option('--tables <style>', 'markdown: tables with merged cells or several header rows as markdown or html').choices([
        'markdown',
        'html',
      ]),
    )
    .addOption(
      new Option(
        '--images <mode>',
        'pictures as placeholders, as signed links to the API (referenced) or as data: URIs (embedded); docformat bundle <jobId> zips them',
      ).choices(['placeholder', 'referenced', 'embedded']),
    )
    .option('--no-cache', 'convert even if the same document was converted the same way before')
    .option('--max-tokens <n>', 'chunks: largest chunk in tokens', wholeNumber(16, 8192))
    .option('--overlap-tokens <n>', 'chunks: tokens repeated from the previous chunk', wholeNumber(0, 4096))
    .addOption(new Option('--chunk-strategy <strategy>', 'chunks: heading or size').choices(['heading', 'size']))
    .option('-c, --concurrency <n>', 'outputs fetched at once (several inputs go to the API as batches)', wholeNumber(1, 32), 4)
    .action(async (inputs: string[], flags: ConvertFlags) => {
      const formats = [...new Set(flags.format ?? ['markdown' as const])];
      const request = { inputs, formats, options: formatOptions(flags), out: flags.out, concurrency: flags.concurrency };
      exitCode = await convertCommand(client(), request, io);
    });

  program
    .command('jobs')
    .description('List your recent jobs, newest first.')
    .addOption(new Option('--status <status>', 'only jobs with this status').choices(STATUSES))
    .addOption(new Option('--type <type>', 'only jobs of this type').choices(TYPES))
    .option('-n, --limit <n>', 'how many', wholeNumber(1, 100), 20)
    .option('--json', "print the API's JSON instead of a table")
    .action(async (flags: { status?: JobStatus; type?: JobType; limit: number; json?: boolean }) => {
      exitCode = await jobsCommand(client(), { ...flags, json: flags.json === true }, io);
    });

  program
    .command('cancel')
    .description('Cancel jobs that have not ended.')
    .argument('<ids...>', 'job ids (docformat jobs lists them)')
    .action(async (ids: string[]) => {
      exitCode = await cancelCommand(client(), ids, io);
    });

  program
    .command('page')
    .description('Draw a page of a completed PDF or image job as an image file (PNG or WebP).')
    .argument('<jobId>', 'the job id')
    .argument('<n>', 'the page number, from 1', wholeNumber(1, 1_000_000))
    .option('-o, --out <file>', 'the image file (default <jobId>.page-<n>.<format>)')
    .option(
      '--dpi <dpi>',
      `resolution, ${PAGE_IMAGE_DPI.min}-${PAGE_IMAGE_DPI.max} (default ${PAGE_IMAGE_DPI.default})`,
      wholeNumber(PAGE_IMAGE_DPI.min, PAGE_IMAGE_DPI.max),
    )
    .addOption(new Option('--format <format>', 'image format').choices(PAGE_IMAGE_FORMATS).default(PAGE_IMAGE_FORMATS[0]))
    .action(async (jobId: string, page: number, flags: { out?: string; dpi?: number; format: 'png' | 'webp' }) => {
      exitCode = await pageCommand(client(), { jobId, page, ...flags }, io);
    });

  program
    .command('bundle')
    .description("Download a completed job's outputs with its pictures beside them, as a zip (images/<n>.png, linked by relative paths).")
    .argument('<jobId>', 'the job id (docformat jobs lists them)')
    .option('-o, --out <file>', 'where to write the zip (default job-<jobId>.zip)')
    .action(async (jobId: string, flags: { out?: string }) => {
      exitCode = await bundleCommand(client(), jobId, flags.out ?? `job-${jobId}.zip`, io);
    });

  program
    .command('mcp')
    .description('Serve the MCP tools (convert_document, get_job, list_jobs, extract_document) on stdin/stdout for an agent.')
    .action(async () => {
      exitCode = await mcpCommand(client(), io);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    // Commander has printed its own message (and help) already; help itself is a success.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    const failure = describeFailure(error, settings?.url ?? '');
    io.stderr(`docformat: ${failure.message}\n`);
    return failure.exitCode;
  }
}
