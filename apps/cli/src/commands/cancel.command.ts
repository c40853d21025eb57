import type { DocformatClient } from '@docformat/client';
import { describeFailure, EXIT_FAILED, EXIT_OK, isFatal } from '../failure';
import type { Io } from '../io';

/** `docformat cancel <ids...>`: each job stopped and FAILED with CANCELLED; 1 if any could not be. */
export async function cancelCommand(client: DocformatClient, ids: string[], io: Io): Promise<number> {
  let exitCode = EXIT_OK;
  for (const id of ids) {
    try {
      const job = await client.cancelJob(id);
      io.stdout(`${job.id} cancelled\n`);
    } catch (error) {
      if (isFatal(error)) throw error;
      io.stderr(`docformat: ${id}: ${describeFailure(error, client.url).message}\n`);
      exitCode = EXIT_FAILED;
    }
  }
  return exitCode;
}
