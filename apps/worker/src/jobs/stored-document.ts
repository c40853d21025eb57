import { JobType } from '@docformat/contracts';
import type { AppConfig } from '@docformat/config';
import { type ImageLimits, type KeepOptions, STORED_DOCUMENT_VERSION } from '@docformat/converters';
import type { ClaimedJob, StoredDocument } from '@docformat/db';
import type { ConversionTaskSuccess } from '../conversion/conversion-task.types';

/**
 * What a conversion keeps for its job: every job its document tree (other formats
 * are rendered from it later, with no second download or parse), an extraction job
 * its findings too. An extraction job renders no format up front.
 */
export function keptWith(job: Pick<ClaimedJob, 'type'>): KeepOptions {
  return { tree: true, extraction: job.type === JobType.EXTRACTION };
}

/** The conversion's tree and findings as the job stores them with COMPLETED. */
export function storedDocument(converted: Pick<ConversionTaskSuccess, 'tree' | 'extraction' | 'images'>): StoredDocument | undefined {
  if (converted.tree === undefined) return undefined;
  return {
    version: STORED_DOCUMENT_VERSION,
    tree: converted.tree,
    extraction: converted.extraction ?? null,
    ...(converted.images ? { images: converted.images } : {}),
  };
}

/** What a conversion keeps of the document's pictures: the IMAGE_* settings. */
export function imageLimits(
  config: Pick<AppConfig, 'IMAGE_MAX_BYTES' | 'IMAGE_MAX_JOB_BYTES' | 'IMAGE_MIN_SIDE_PX' | 'IMAGE_EMBED_MAX_BYTES'>,
): ImageLimits {
  return {
    maxBytes: config.IMAGE_MAX_BYTES,
    maxJobBytes: config.IMAGE_MAX_JOB_BYTES,
    minSide: config.IMAGE_MIN_SIDE_PX,
    embedMaxBytes: config.IMAGE_EMBED_MAX_BYTES,
  };
}
