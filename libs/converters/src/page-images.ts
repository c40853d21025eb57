// The page-drawing entry point (@docformat/converters/page-images), for the API's
// rendering threads only: it loads pdf.js and Skia, which the API's main thread never
// imports (its page routes import types from here, nothing else).
export { drawPage, type PageDrawing, type PageDrawRequest, type PageImageFormat } from './pages/draw-page';
