import { type CreatedJobRecord, ProblemCode } from '@docformat/contracts';
import type { FastifyReply } from 'fastify';
import { ProblemException } from '../http/problem.exception';
import type { Submitted } from './jobs.service';
import type { UploadSubmissions } from './upload/upload-submissions';

/**
 * The 202 of POST /format and POST /extract: creates the job, points Location at it,
 * and drops the upload of a job that was not saved. A 503 QUEUE_UNAVAILABLE means
 * the job was saved (the sweep queues it), so its upload stays. A replay under the
 * same Idempotency-Key answers with the first request's job, so this request's
 * upload is not needed either.
 */
export async function acceptSubmission(
  create: () => Promise<Submitted>,
  uploadId: string | undefined,
  uploads: UploadSubmissions,
  res: FastifyReply,
): Promise<CreatedJobRecord> {
  let submitted: Submitted;
  try {
    submitted = await create();
  } catch (error) {
    const saved = error instanceof ProblemException && error.problem.code === ProblemCode.QUEUE_UNAVAILABLE;
    if (uploadId && !saved) await uploads.discard(uploadId);
    throw error;
  }
  if (submitted.replayed) {
    if (uploadId) await uploads.discard(uploadId);
    res.header('Idempotent-Replayed', 'true');
  }
  res.header('Location', `/job/${submitted.record.id}`);
  return submitted.record;
}
