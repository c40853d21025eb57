import { type DocumentMetadata, type FormatOptions, JobFailure, type JobWarning, isJobFailure } from '@docformat/contracts';
import { type ConversionOptions, conversionOptions } from './conversion-options';
import type { OcrEngines } from './ocr/ocr-engines';
import { cleanDocument, type IntermediateDocument } from './document';
import { capNesting } from './document/cap-nesting';
import type { OutputFormat } from './formats/output-format';
import { getOutputFormat } from './formats/registry';
import { normalizeMimeType } from './readers/match-reader';
import type { DocumentReader } from './readers/reader';
import { findReader, supportedMimeTypes } from './readers/registry';
import { conversionWarnings, ocrSummary, type OcrSummary } from './result-summary';

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
  /** The client's options from the request's `format` object (validated by the API). */
  options?: FormatOptions;
  /** Pages this conversion may have read by OCR at once (OCR_THREADS); 1 when absent. */
  ocrParallelism?: number;
  /** Where OCR runs: the worker's shared engines (ocr-broker.ts); this process's own when absent. */
  ocrEngines?: OcrEngines;
}

export interface ConvertResult {
  pages: number;
  /** Rendered document per requested format name. */
  outputs: Record<string, string>;
  metadata: DocumentMetadata;
  /** Present when a page selection left pages out: the pages that were converted. */
  pagesConverted?: number[];
  /** Present when some pages were read by OCR. */
  ocr?: OcrSummary;
  /** Things the client should know about a completed conversion (NO_TEXT_FOUND, …). */
  warnings: JobWarning[];
}

/**
 * The public entry: picks a reader for the document, reads it into the intermediate
 * representation once and renders every requested format from it. A document that
 * cannot be converted fails with a JobFailure (UNSUPPORTED_DOCUMENT_TYPE,
 * CORRUPT_DOCUMENT, ENCRYPTED_DOCUMENT, TOO_MANY_PAGES); an unknown format name is a
 * programming error and throws a plain Error before any work is done.
 */
export async function convertDocument(input: ConvertInput): Promise<ConvertResult> {
  const { formats, options, reader } = prepareConversion(input);
  return renderDocument(await readDocument(reader, input, options), formats, options);
}

/** What a conversion works with: its output formats, its options with defaults, its reader. */
export interface PreparedConversion {
  formats: OutputFormat[];
  options: ConversionOptions;
  reader: DocumentReader;
}

/** Checks the formats and finds the reader, before any work is done (see convertDocument). */
export function prepareConversion(input: Pick<ConvertInput, 'formats' | 'mimeType' | 'fileName' | 'options' | 'ocrParallelism' | 'ocrEngines'>): PreparedConversion {
  const formats = outputFormats(input.formats);
  const options = conversionOptions(input.options, { ocrParallelism: input.ocrParallelism, ocrEngines: input.ocrEngines });
  const reader = findReader(input.mimeType, input.fileName);
  if (!reader) {
    const type = normalizeMimeType(input.mimeType) || 'unknown';
    throw new JobFailure(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `Documents of type ${type} are not supported; supported types are ${supportedMimeTypes().join(', ')}.`,
    );
  }
  return { formats, options, reader };
}

/** Format names → formats; an unknown name is a programming error (the API validated them). */
export function outputFormats(names: readonly string[]): OutputFormat[] {
  return names.map((name) => {
    const format = getOutputFormat(name);
    if (!format) throw new Error(`Unknown output format "${name}"`);
    return format;
  });
}

async function readDocument(reader: DocumentReader, input: ConvertInput, options: ConversionOptions): Promise<IntermediateDocument> {
  try {
    return await reader.read({
      bytes: input.bytes,
      mimeType: normalizeMimeType(input.mimeType),
      fileName: input.fileName,
      maxPages: input.maxPages,
      text: input.text,
      contentType: input.contentType,
      options,
    });
  } catch (error) {
    if (isJobFailure(error)) throw error;
    // Parsers throw all sorts on malformed input; to the client it is one outcome.
    throw new JobFailure('CORRUPT_DOCUMENT', `The document could not be read as ${reader.name}.`, false, { cause: error });
  }
}

/** The read document → every requested format, and what the client is told about it. */
export function renderDocument(document: IntermediateDocument, formats: readonly OutputFormat[], options: ConversionOptions): ConvertResult {
  cleanDocument(document);
  // Broken generators nest lists and quotes thousands deep; renderers recurse.
  capNesting(document);
  const outputs: Record<string, string> = {};
  for (const format of formats) outputs[format.name] = format.render(document, { pageMarkers: options.pageMarkers });
  const ocr = ocrSummary(document);
  return {
    pages: document.pages,
    outputs,
    metadata: document.metadata,
    ...(document.pagesConverted ? { pagesConverted: document.pagesConverted } : {}),
    ...(ocr ? { ocr } : {}),
    warnings: conversionWarnings(document, options),
  };
}
