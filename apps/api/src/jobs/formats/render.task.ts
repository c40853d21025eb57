import { renderStoredDocument, type StoredRenderRequest, type StoredRendering } from '@docformat/converters/render';

/**
 * Runs in a rendering thread of the API (render-pool.ts): parses the stored tree and
 * renders one format, off the event loop that answers requests. Loads the output
 * formats only, never a reader or parser.
 */
export default function renderInThread(request: StoredRenderRequest): Promise<StoredRendering> {
  return renderStoredDocument(request);
}
