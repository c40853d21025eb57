// The public surface of @docformat/converters. Importing it loads no reader, renderer
// or parser: readers and formats are registered by manifests whose modules load on the
// first conversion that needs them. The API imports @docformat/converters/names instead.
export { convertDocument, type ConvertInput, type ConvertResult, type KeepOptions } from './convert';
export { extractDocument } from './extraction/extract-document';
export { parseStoredDocument, serializeDocument, STORED_DOCUMENT_VERSION } from './stored/stored-document';
export { outputFormatNames, isOutputFormat } from './formats/registry';
export type { OutputFormat } from './formats/output-format';
export { documentReaders, readerNamed, supportedMimeTypes } from './readers/registry';
export { identifyDocument } from './readers/identify-document';
export type {
  FirstPart,
  IdentifiedDocument,
  ReadContext,
  ReadDocument,
  ReaderInput,
  ReaderManifest,
  SplitPlan,
  SplitReading,
} from './readers/reader';
export type * from './document/intermediate-document';
export { conversionOptions, DEFAULT_OCR_LANGUAGES, type ConversionOptions, type PageProgress } from './conversion-options';
export { installedOcrLanguages } from './ocr/languages';
export type { OcrEngines } from './ocr/ocr-engines';
export { localOcrEngines } from './ocr/ocr-engines';
export { RemoteOcrEngines, serveOcr } from './ocr/ocr-broker';
export { OCR_ENGINE_MB, configureOcrEngines } from './ocr/tesseract-workers';
export { terminateOcr } from './ocr/ocr-engine';
export { pinCanvasModule } from './ocr/canvases';
export { DEFAULT_MAX_IMAGE_PIXELS } from './ocr/pixel-budget';
export { takeNativePeak } from './ocr/native-memory';
// Splitting one long PDF across conversion threads: convertDocument with a split request
// reads the first part, pdf-parts.ts the others and their assembly.
export { isFirstPart, type SplitRequest } from './split/split-request';
export { assemblePdfParts, convertPdfPart, type PdfAssembleInput, type PdfPartInput } from './pdf-parts';
export { planParts, type SplitPolicy } from './split/part-plan';
export { planRanges, rangePages, type RangePolicy } from './split/range-plan';
// What the PDF's plan and parts hold (plain data, opaque to the threads that carry them).
export type { PdfFirstPart, PdfSplitPlan } from './readers/pdf/pdf.reader';
export type { PdfPagesRead } from './readers/pdf/pdf-pages';
export { CONVERTER_VERSION } from './converter-version';
// The pictures a conversion keeps (format.images): their limits and what is stored of each.
export { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './images/image-limits';
export type { KeptImage } from './images/keep-images';
