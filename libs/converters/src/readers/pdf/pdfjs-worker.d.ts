// pdfjs-dist ships no declarations for its worker module; only this export is used.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
