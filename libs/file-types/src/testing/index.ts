// Test support: builders for small container files, for identification tests anywhere, and
// for image and PDF pixel bombs, for the memory bounds' tests and the fuzz suite.
export { buildCfb, buildZip } from './containers';
export { bmpBomb, gifBomb, jpegBomb, pdfImageBomb, pdfPageBomb, pngBomb, tiffBomb, webpBomb, zlibZeros } from './image-bombs';
