// pdfjs-dist ships no declarations for its worker module; only this export is used.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Sets the worker code up to serve documents over `port` (an object with a Worker's messaging methods). */
    initializeFromPort(port: object): void;
  };
}
