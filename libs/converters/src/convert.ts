import {
  type DetectedLanguage,
  type DocumentMetadata,
  type FormatOptions,
  ImageMode,
  JobFailure,
  type JobWarning,
  type RenderedOutput,
} from '@docformat/contracts';
import { type ConversionOptions, type ConversionResources, conversionOptions, type PageProgress } from './conversion-options';
import type { OcrEngines } from './ocr/ocr-engines';
import { cleanDocument, type IntermediateDocument } from './document';
import { capNesting } from './document/cap-nesting';
import type { OutputFormat } from './formats/output-format';
import { getOutputFormat } from './formats/registry';
import { identifyDocument } from './readers/identify-document';
import { readContext, readDocument } from './readers/read-context';
import type { FirstPart, IdentifiedDocument, ReaderManifest } from './readers/reader';
import { supportedMimeTypes } from './readers/registry';
import { conversionWarnings, ocrSummary, type OcrSummary } from './result-summary';
import { extractDocument } from './extraction/extract-document';
import { detectLanguages } from './language/detect-languages';
import { serializeDocument } from './stored/stored-document';
import type { ImageLimits } from './images/image-limits';
import { embedImages } from './images/embed-images';
import { type KeptImage, keepImages } from './images/keep-images';
import { documentForImages } from './images/placeholder-images';
import { planParts } from './split/part-plan';
import { planRanges } from './split/range-plan';
import { isFirstPart, isRangePolicy, type SplitRequest } from './split/split-request';

export interface ConvertInput {
  bytes: Buffer;
  /**
   * What the source says the document is: a download's Content-Type, an upload's type.
   * A claim only (identify-document.ts weighs it against the bytes); its charset decodes text.
   */
  contentType?: string | null;
  /** A file name or URL, for its extension. */
  fileName?: string | null;
  /**
   * What the document is and its reader, when the caller has identified it already
   * (identifyDocument on these bytes, this claim and this name: the worker does, on
   * fetching it), so that it is not identified again; identified here when absent.
   */
  identified?: Pick<IdentifiedDocument, 'mimeType' | 'reader'>;
  /** Output format names; validate them with isOutputFormat() first. */
  formats: string[];
  maxPages: number;
  /** The client's options from the request's `format` object (validated by the API). */
  options?: FormatOptions;
  /** Pages this conversion may have read by OCR at once (OCR_THREADS); 1 when absent. */
  ocrParallelism?: number;
  /** Where OCR runs: the worker's shared engines (ocr-broker.ts); this process's own when absent. */
  ocrEngines?: OcrEngines;
  /** Most pixels of one image decoded or drawn (MAX_IMAGE_PIXELS); DEFAULT_MAX_IMAGE_PIXELS when absent. */
  maxImagePixels?: number;
  /** What a conversion keeps of the pictures it reads (IMAGE_* settings); DEFAULT_IMAGE_LIMITS when absent. */
  imageLimits?: ImageLimits;
  /** What to keep besides the outputs (see KeepOptions); nothing when absent. */
  keep?: KeepOptions;
  /** See ConversionOptions.declaredStructure; true when absent. */
  declaredStructure?: boolean;
  /** Told the pages read as they are (a PDF's), for the job's progress. */
  progress?: PageProgress;
}

/** What a conversion keeps besides its outputs, each serialized in the thread that converted. */
export interface KeepOptions {
  /** The document tree, stored with the job so other formats can be rendered later without reading the source again. */
  tree?: boolean;
  /** An extraction job's findings (extract-document.ts). */
  extraction?: boolean;
}

export interface ConvertResult {
  pages: number;
  /** Rendered document per requested format name: its media type and body. */
  outputs: Record<string, RenderedOutput>;
  metadata: DocumentMetadata;
  /** Present when a page selection left pages out: the pages that were converted. */
  pagesConverted?: number[];
  /** Present when some pages were read by OCR. */
  ocr?: OcrSummary;
  /** Things the client should know about a completed conversion (NO_TEXT_FOUND, …). */
  warnings: JobWarning[];
  /** The main languages of the document's text (detect-languages.ts); empty when it has too little text. */
  detectedLanguages: DetectedLanguage[];
  /** With keep.tree: the document tree as JSON (stored-document.ts). */
  tree?: string;
  /** With keep.extraction: the Extraction as JSON. */
  extraction?: string;
  /** The pictures kept (keep-images.ts), when the conversion read any: stored with the job, linked from the outputs by number. */
  images?: KeptImage[];
}

/**
 * The public entry: identifies the document (unless the input says what it is), reads
 * it with its reader into the intermediate representation once and renders every
 * requested format from it. A document that cannot be converted fails with a JobFailure
 * (UNSUPPORTED_DOCUMENT_TYPE, CORRUPT_DOCUMENT, ENCRYPTED_DOCUMENT, TOO_MANY_PAGES); an
 * unknown format name is a programming error and throws a plain Error before any work
 * is done.
 *
 * With a split request, the first task of a conversion that may run on several threads
 * (pdf-parts.ts): a document whose reader reads in parts, and whose selection the
 * policy finds long, has its plan announced and only its first part read, and that
 * part is returned instead of a result; any other is converted whole, as without one.
 */
export function convertDocument(input: ConvertInput): Promise<ConvertResult>;
export function convertDocument(input: ConvertInput, split: SplitRequest): Promise<ConvertResult | FirstPart>;
export async function convertDocument(input: ConvertInput, split?: SplitRequest): Promise<ConvertResult | FirstPart> {
  const { formats, options, mimeType, reader } = prepareConversion(input);
  const source = { bytes: input.bytes, mimeType, fileName: input.fileName ?? undefined, contentType: input.contentType };
  if (!split || !reader.loadSplitReading) {
    return renderDocument(await readDocument(reader, source, options, input.maxPages), formats, options, input.keep);
  }
  // The reader's modules for reading in parts load here, as its `load` would load them, not with this file.
  const reading = await reader.loadSplitReading();
  const read = await reading.readFirst(source, readContext(options, input.maxPages), {
    cut: async (pages, ocrShare) => {
      const { policy } = split;
      return isRangePolicy(policy) ? planRanges(pages, policy, ocrShare) : planParts(pages, policy);
    },
    onPlan: (plan) => split.onPlan(plan),
  });
  return isFirstPart(read) ? read : renderDocument(read, formats, options, input.keep);
}

/** What a conversion works with: its output formats, its options with defaults, the document's type and reader. */
interface PreparedConversion {
  formats: OutputFormat[];
  options: ConversionOptions;
  mimeType: string;
  reader: ReaderManifest;
}

/** Checks the formats and knows the document's reader, before any work is done (see convertDocument). */
function prepareConversion(input: ConvertInput): PreparedConversion {
  const formats = outputFormats(input.formats);
  const options = conversionOptions(input.options, conversionResources(input));
  const { mimeType, reader } =
    input.identified ?? identifyDocument({ bytes: input.bytes, contentType: input.contentType, fileName: input.fileName });
  if (!reader) {
    throw new JobFailure(
      'UNSUPPORTED_DOCUMENT_TYPE',
      `Documents of type ${mimeType} are not supported; supported types are ${supportedMimeTypes().join(', ')}.`,
    );
  }
  return { formats, options, mimeType, reader };
}

/** The resources a conversion's input carries besides the client's options. */
export function conversionResources(
  input: Pick<ConvertInput, 'ocrParallelism' | 'ocrEngines' | 'maxImagePixels' | 'imageLimits' | 'declaredStructure' | 'progress' | 'keep'>,
): ConversionResources {
  return {
    ocrParallelism: input.ocrParallelism,
    ocrEngines: input.ocrEngines,
    maxImagePixels: input.maxImagePixels,
    imageLimits: input.imageLimits,
    // An extraction lists the document's pictures, whatever its outputs would do with them.
    readImages: input.keep?.extraction === true,
    declaredStructure: input.declaredStructure,
    progress: input.progress,
  };
}

/** Format names → formats; an unknown name is a programming error (the API validated them). */
export function outputFormats(names: readonly string[]): OutputFormat[] {
  return names.map((name) => {
    const format = getOutputFormat(name);
    if (!format) throw new Error(`Unknown output format "${name}"`);
    return format;
  });
}

/** The read document → every requested format, and what the client is told about it. */
export async function renderDocument(
  document: IntermediateDocument,
  formats: readonly OutputFormat[],
  options: ConversionOptions,
  keep: KeepOptions = {},
): Promise<ConvertResult> {
  cleanDocument(document);
  // Broken generators nest lists and quotes thousands deep; renderers recurse.
  capNesting(document);
  const images = keepImages(document, options.imageLimits);
  const outputs: Record<string, RenderedOutput> = {};
  const rendered = documentForImages(document, options.images);
  for (const format of formats) {
    const { render } = await format.load();
    outputs[format.name] = { mediaType: format.mediaType, body: render(rendered, options) };
  }
  if (options.images === ImageMode.EMBEDDED) embedImages(outputs, images, options.imageLimits.embedMaxBytes);
  const ocr = ocrSummary(document);
  return {
    pages: document.pages,
    outputs,
    metadata: document.metadata,
    ...(document.pagesConverted ? { pagesConverted: document.pagesConverted } : {}),
    ...(ocr ? { ocr } : {}),
    warnings: conversionWarnings(document, options),
    detectedLanguages: await detectLanguages(document),
    // Serialized here, in the conversion thread, so the worker's event loop only passes strings on.
    ...(keep.tree ? { tree: serializeDocument(document) } : {}),
    ...(keep.extraction ? { extraction: JSON.stringify(extractDocument(document)) } : {}),
    ...(images.length > 0 ? { images } : {}),
  };
}
