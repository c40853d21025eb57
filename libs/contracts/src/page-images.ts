/** GET /job/{id}/pages/{n}: the resolutions a page is drawn at, in dots per inch. */
export const PAGE_IMAGE_DPI = { min: 36, max: 300, default: 110 } as const;

/** Image formats a page is drawn as; the first is the default. */
export const PAGE_IMAGE_FORMATS = ['png', 'webp'] as const;
export type PageImageFormat = (typeof PAGE_IMAGE_FORMATS)[number];

/** The source types whose pages can be drawn: a PDF's pages, an image as its one page. */
export const PAGE_SOURCE_MIME_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];
