import { JobFailure } from '@docformat/contracts';

/** Fails before any heavy work when a document is longer than allowed. */
export function assertPageLimit(pages: number, maxPages: number): void {
  if (pages > maxPages) {
    throw new JobFailure(
      'TOO_MANY_PAGES',
      `The document has ${pages} pages; at most ${maxPages} ${maxPages === 1 ? 'page is' : 'pages are'} allowed.`,
    );
  }
}
