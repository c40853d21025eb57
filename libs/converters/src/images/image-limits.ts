/**
 * What a conversion keeps of a document's pictures (IMAGE_* settings, libs/config).
 * Caps bound what one job stores; the least side skips icons, spacers and rules,
 * which say nothing to a reader of the output.
 */
export interface ImageLimits {
  /** Largest picture kept, in bytes (IMAGE_MAX_BYTES). */
  maxBytes: number;
  /** Most bytes of pictures one job keeps (IMAGE_MAX_JOB_BYTES); later pictures are left as placeholders. */
  maxJobBytes: number;
  /** Pictures narrower or lower than this many pixels are not kept (IMAGE_MIN_SIDE_PX). */
  minSide: number;
  /** Largest picture written as a `data:` URI with format.images embedded (IMAGE_EMBED_MAX_BYTES); larger ones are linked. */
  embedMaxBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 10 * MIB, maxJobBytes: 50 * MIB, minSide: 24, embedMaxBytes: 256 * 1024 };
