import { JobFailure } from '@docformat/contracts';

/** JSON.parse with the failure a client understands; `kind` names the format in it. */
export function parseJson(text: string, kind: string): unknown {
  if (text.trim() === '') throw new JobFailure('CORRUPT_DOCUMENT', `The ${kind} document is empty.`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', `The ${kind} document is not valid JSON.`, false, { cause: error });
  }
}
