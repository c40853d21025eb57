// The rendering entry point (@docformat/converters/render): a stored document → one
// output format, for the API's rendering threads. Like ./names, it reaches no reader
// or parser: only the document model and the output formats.
export { renderStoredDocument, type StoredRenderRequest, type StoredRendering } from './stored/render-stored';
export { READABLE_DOCUMENT_VERSIONS, STORED_DOCUMENT_VERSION } from './stored/stored-document';
