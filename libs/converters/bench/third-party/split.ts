import { createHash } from 'node:crypto';

/**
 * Which half a document belongs to, fixed before any tuning on this corpus: by the
 * SHA-256 of its path under `corpus/` (the `file` of its truth), whole documents only.
 * The first byte even: `development` (tune on it); odd: `report` (never tuned on; it
 * stands in for documents nobody here has seen). Do not change this rule, or the
 * report half stops being unseen.
 */
export type Half = 'development' | 'report';

export function halfOf(file: string): Half {
  return createHash('sha256').update(file).digest()[0] % 2 === 0 ? 'development' : 'report';
}
