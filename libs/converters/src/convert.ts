import { type DocumentMetadata, JobFailure, isJobFailure } from '@docformat/contracts';
import { getOutputFormat } from './formats/registry';
import { normalizeMimeType } from './readers/match-reader';
import { findReader, supportedMimeTypes } from './readers/registry';

export interface ConvertInput {
  bytes: Buffer;
  /** As received (Content-Type); parameters such as charset are ignored. */
  mimeType: string;
  /** Used for its extension when the MIME type is missing or generic. */
  fileName?: string;
  /** Output format names; validate them with isOutputFormat() first. */
  formats: string[];
  maxPages: number;
  /** Pre-decoded text for text-based inputs, when the caller already decoded it. */
  text?: string;
  /** The Content-Type header as received; its charset decodes text-based inputs. */
  contentType?: string | null;
}

export interface ConvertResult {
  pages: number;
  /** Rendered document per requested format name. */
  outputs: Record<string, string>;
  metadata: DocumentMetadata;
}

/**
 * The public entry: picks a reader for the document, reads it into the intermediate
 * representation once and renders every requested format from it. A document that
 * cannot be converted fails with a JobFailure (UNSUPPORTED_DOCUMENT_TYPE,
 * CORRUPT_DOCUMENT, ENCRYPTED_DOCUMENT, TOO_MANY_PAGES); an unknown format name is a
 * programming error and throws a plain Error before any work is done.
 */
export async function convertDocument(input: ConvertInput): Promise<ConvertResult> {
  const formats = input.formats.map((name) => {
    const format = getOutputFormat(name);
    if (!format) throw new Error(`Unknown output format "${name}"`);
    return format;
  });
  const reader = findReader(input.mimeType, input.fileName);
  if (!reader) {
    const type = normalizeMimeType(input.mimeType) || 'unknown';
    throw new JobFailure(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `Documents of type ${type} are not supported; supported types are ${supportedMimeTypes().join(', ')}.`,
    );
  }

  let document;
  try {
    document = await reader.read({
      bytes: input.bytes,
      mimeType: normalizeMimeType(input.mimeType),
      fileName: input.fileName,
      maxPages: input.maxPages,
      text: input.text,
      contentType: input.contentType,
    });
  } catch (error) {
    if (isJobFailure(error)) throw error;
    // Parsers throw all sorts on malformed input; to the client it is one outcome.
    throw new JobFailure('CORRUPT_DOCUMENT', `The document could not be read as ${reader.name}.`, false, { cause: error });
  }

  const outputs: Record<string, string> = {};
  for (const format of formats) outputs[format.name] = format.render(document);
  return { pages: document.pages, outputs, metadata: document.metadata };
}
