import { JobFailure, isJobFailure } from '@docformat/contracts';

/**
 * pdf.js failures → the job contract. A password prompt is ENCRYPTED_DOCUMENT (PDFs
 * with an empty user password open without one and never get here); anything else
 * pdf.js throws means it could not make sense of the bytes.
 */
export function pdfFailure(error: unknown): JobFailure {
  if (isJobFailure(error)) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new JobFailure('ENCRYPTED_DOCUMENT', 'The PDF is encrypted and needs a password to open.', false, { cause: error });
  }
  return new JobFailure('CORRUPT_DOCUMENT', 'The PDF is damaged or not a PDF and could not be read.', false, { cause: error });
}
