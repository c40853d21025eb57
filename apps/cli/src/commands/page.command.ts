import type { DocformatClient } from '@docformat/client';
import { writeFile } from 'node:fs/promises';
import { EXIT_OK } from '../failure';
import type { Io } from '../io';

export interface PageRequest {
  jobId: string;
  page: number;
  /** Where the image goes; `<jobId>.page-<n>.<format>` in the working directory by default. */
  out?: string;
  dpi?: number;
  format: 'png' | 'webp';
}

/**
 * `docformat page <jobId> <n>`: the page drawn as an image, written to a file (never
 * to stdout, where image bytes would garble a terminal); the file's path goes to stdout.
 * A refusal (no such page, source not kept) is thrown and reported as for every command.
 */
export async function pageCommand(client: DocformatClient, request: PageRequest, io: Io): Promise<number> {
  const image = await client.pageImage(request.jobId, request.page, { dpi: request.dpi, format: request.format });
  const path = request.out ?? `${request.jobId}.page-${request.page}.${request.format}`;
  await writeFile(path, image.bytes);
  io.stdout(`${path}\n`);
  return EXIT_OK;
}
