import { drawPage, type PageDrawing, type PageDrawRequest } from '@docformat/converters/page-images';

/**
 * Runs in a rendering thread of the API (formats/render-pool.ts): draws one page of a
 * kept source. pdf.js and Skia load here, never on the main thread.
 */
export default function drawPageInThread(request: PageDrawRequest): Promise<PageDrawing> {
  return drawPage(request);
}
