import { type FormatOptions, isJsonMediaType } from '@docformat/contracts';
import { conversionOptions } from '../conversion-options';
import { getOutputFormat } from '../formats/registry';
import { parseStoredDocument } from './stored-document';
import { documentForImages } from '../images/placeholder-images';

export interface StoredRenderRequest {
  /** The stored document (serializeDocument's JSON). */
  tree: string;
  /** A registered output format's name. */
  format: string;
  /** The render options in force (page markers, tables, chunking); the rest are ignored. */
  options: Pick<FormatOptions, 'pageMarkers' | 'tables' | 'chunking' | 'images'>;
}

export interface StoredRendering {
  mediaType: string;
  /** The body as it is sent: a text format's text, a JSON format's JSON text. */
  body: string;
}

/**
 * One format rendered from a stored document: no download, no reader, no parse of
 * the source. Loads only the format's renderer, so a rendering loads no reader (a
 * page drawing, ../pages, loads the PDF one: ADR 0018). An unknown format name
 * is a programming error (the API checked it).
 */
export async function renderStoredDocument(request: StoredRenderRequest): Promise<StoredRendering> {
  const format = getOutputFormat(request.format);
  if (!format) throw new Error(`Unknown output format "${request.format}"`);
  const document = parseStoredDocument(request.tree);
  const { render } = await format.load();
  const options = conversionOptions(request.options);
  // Links stay tokens here: the API signs them as it answers, so a cached rendering never holds a stale signature.
  const body = render(documentForImages(document, options.images), options);
  return {
    mediaType: format.mediaType,
    body: isJsonMediaType(format.mediaType) || typeof body !== 'string' ? JSON.stringify(body) : body,
  };
}
