// The names-only entry point (@docformat/converters/names): what a client may ask for,
// without any reader or parser behind it. The API validates requests with it, so its
// main thread loads no reader (only page drawing, in its threads, loads the PDF one: ADR 0018).
export { isOutputFormat, outputFormatInfo, outputFormatNames } from './formats/registry';
export type { RenderOptionName } from './formats/output-format';
export { DOCUMENT_SCHEMA_PATH, documentSchema } from './formats/json/document-schema';
export { DEFAULT_OCR_LANGUAGES } from './conversion-options';
export { installedOcrLanguages } from './ocr/languages';
export { CONVERTER_VERSION } from './converter-version';
export { READABLE_DOCUMENT_VERSIONS, STORED_DOCUMENT_VERSION } from './stored/stored-document';
