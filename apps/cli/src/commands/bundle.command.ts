import type { DocformatClient } from '@docformat/client';
import { writeFile } from 'node:fs/promises';
import { describeFailure, EXIT_FAILED, EXIT_OK, isFatal } from '../failure';
import type { Io } from '../io';

/** `docformat bundle <jobId>`: the job's outputs and pictures as one zip file; 1 if the API refused. */
export async function bundleCommand(client: DocformatClient, jobId: string, out: string, io: Io): Promise<number> {
  try {
    const zip = await client.bundle(jobId);
    await writeFile(out, zip);
    io.stderr(`${out}: ${zip.byteLength} bytes\n`);
    return EXIT_OK;
  } catch (error) {
    if (isFatal(error)) throw error;
    io.stderr(`docformat: ${jobId}: ${describeFailure(error, client.url).message}\n`);
    return EXIT_FAILED;
  }
}
