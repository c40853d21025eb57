import { isJobFailure, JobFailure } from '@docformat/contracts';
import type { ConversionOptions } from '../conversion-options';
import type { IntermediateDocument } from '../document';
import { identifyDocument } from './identify-document';
import type { ReadContext, ReaderInput, ReaderManifest } from './reader';

/** Fails before any heavy work when a document is longer than allowed. */
export function checkPageLimit(pages: number, maxPages: number): void {
  if (pages > maxPages) {
    throw new JobFailure(
      'TOO_MANY_PAGES',
      `The document has ${pages} pages; at most ${maxPages} ${maxPages === 1 ? 'page is' : 'pages are'} allowed.`,
    );
  }
}

/**
 * Loads `reader` and reads `input` with it, after the one page check every document
 * gets (readers of multi-page documents check their count through the context).
 */
export async function readWith(
  reader: ReaderManifest,
  input: ReaderInput,
  options: ConversionOptions,
  maxPages: number,
): Promise<IntermediateDocument> {
  const context = readContext(options, maxPages);
  context.checkPages(1);
  const { read } = await reader.load();
  return read(input, context);
}

/** readWith for a whole document: whatever a parser throws on malformed input is, to the client, one outcome. */
export async function readDocument(
  reader: ReaderManifest,
  input: ReaderInput,
  options: ConversionOptions,
  maxPages: number,
): Promise<IntermediateDocument> {
  try {
    return await readWith(reader, input, options, maxPages);
  } catch (error) {
    if (isJobFailure(error)) throw error;
    throw new JobFailure('CORRUPT_DOCUMENT', `The document could not be read as ${reader.name}.`, false, { cause: error });
  }
}

/** The context of one read: its options and page budget, and the way into documents inside it. */
export function readContext(options: ConversionOptions, maxPages: number): ReadContext {
  return {
    options,
    maxPages,
    checkPages: (pages) => checkPageLimit(pages, maxPages),
    identify: (bytes, fileName) => identifyDocument({ bytes, fileName }),
    readNested: (input, reader, nestedMaxPages) => readWith(reader, input, { ...options, pages: undefined }, nestedMaxPages),
  };
}
