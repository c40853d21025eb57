/** Longest file name kept; file systems allow 255 bytes, and the name is only a label and a type hint. */
const MAX_NAME_LENGTH = 255;

/**
 * The name an uploaded file is recorded under (the job's `fileName`): the client's
 * name without any path (browsers and curl send a bare name, others may not),
 * control characters and surrounding spaces, or `upload` when nothing is left.
 */
export function uploadFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, MAX_NAME_LENGTH) || 'upload';
}
