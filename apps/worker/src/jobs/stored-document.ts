import { JobType } from '@docformat/contracts';
import { type KeepOptions, STORED_DOCUMENT_VERSION } from '@docformat/converters';
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
export function storedDocument(converted: Pick<ConversionTaskSuccess, 'tree' | 'extraction'>): StoredDocument | undefined {
  if (converted.tree === undefined) return undefined;
  return { version: STORED_DOCUMENT_VERSION, tree: converted.tree, extraction: converted.extraction ?? null };
}
