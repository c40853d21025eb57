import { type CreatedJobRecord, ProblemCode } from '@docformat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemException } from '../http/problem.exception';
import { idempotencyKey } from './idempotency-key';
import type { Submitted } from './jobs.service';
import type { UploadSubmissions } from './upload/upload-submissions';

/** The HTTP side of a POST /format or POST /extract: the request, the reply, and its Idempotency-Key header. */
export interface SubmissionHttp {
  req: FastifyRequest;
  res: FastifyReply;
  keyHeader: string | undefined;
}

/** How an endpoint reads its request from either body it takes. */
export interface SubmissionBodies<R> {
  /** multipart/form-data: the file stored as it streams in, the text parts validated. */
  upload: () => Promise<R>;
  /** A JSON body, validated. */
  json: () => Promise<R>;
}

/**
 * POST /format and POST /extract: checks the Idempotency-Key, reads the request from
 * an upload or a JSON body, creates the job (createSubmitted), points Location at it,
 * and answers 202.
 */
export async function acceptSubmission<R extends { uploadId?: string }>(
  http: SubmissionHttp,
  uploads: UploadSubmissions,
  bodies: SubmissionBodies<R>,
  create: (request: R, idempotencyKey: string | undefined) => Promise<Submitted>,
): Promise<CreatedJobRecord> {
  const key = idempotencyKey(http.keyHeader);
  const request = http.req.isMultipart() ? await bodies.upload() : await bodies.json();
  const submitted = await createSubmitted(request, uploads, (validated) => create(validated, key));
  if (submitted.replayed) http.res.header('Idempotent-Replayed', 'true');
  http.res.header('Location', `/job/${submitted.record.id}`);
  return submitted.record;
}

/**
 * Creates the job of a request read and validated, whatever carried it (HTTP, or the
 * MCP tools), and keeps an upload only as long as a job needs it: the upload of a job
 * that was not saved is dropped. A 503 QUEUE_UNAVAILABLE means the job was saved (the
 * sweep queues it), so its upload stays. A replay under the same Idempotency-Key
 * answers with the first request's job, so this request's upload is not needed either.
 */
export async function createSubmitted<R extends { uploadId?: string }>(
  request: R,
  uploads: UploadSubmissions,
  create: (request: R) => Promise<Submitted>,
): Promise<Submitted> {
  let submitted: Submitted;
  try {
    submitted = await create(request);
  } catch (error) {
    const saved = error instanceof ProblemException && error.problem.code === ProblemCode.QUEUE_UNAVAILABLE;
    if (request.uploadId && !saved) await uploads.discard(request.uploadId);
    throw error;
  }
  if (submitted.replayed && request.uploadId) await uploads.discard(request.uploadId);
  return submitted;
}
