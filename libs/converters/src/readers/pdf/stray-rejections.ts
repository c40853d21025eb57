/**
 * pdf.js's own exceptions that say a file is damaged (its BaseException subclasses set
 * `name`). Anything else stays an error of ours.
 */
const DAMAGE_NOTICES = new Set([
  'XRefEntryException',
  'XRefParseException',
  'FormatError',
  'InvalidPDFException',
  'MissingDataException',
  'ParserEOFException',
  'UnknownErrorException',
]);

let installed = false;

/**
 * pdf.js (running in this thread as its "fake worker") starts work of its own once a
 * document opens and lets some of it reject unobserved: a PDF with a damaged
 * cross-reference table opens, then throws five `XRefEntryException`s into the void
 * (a zero-filled run in a fuzz mutant of a 100-page PDF). Unhandled, each one ends the
 * conversion thread, and the job with INTERNAL_ERROR, although the conversion itself
 * answers the damage properly (CORRUPT_DOCUMENT, or the pages it could read). So
 * these notices are dropped here; any other unhandled rejection is thrown on as the
 * uncaught exception it would have been without a handler (Node's default).
 */
export function dropStrayPdfjsRejections(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isPdfjsDamageNotice(reason)) return;
    throw reason;
  });
}

/** Whether `reason` is one of pdf.js's damage notices (dropped by the handler above). */
export function isPdfjsDamageNotice(reason: unknown): boolean {
  return reason instanceof Error && DAMAGE_NOTICES.has(reason.name);
}
