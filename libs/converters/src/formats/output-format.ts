import type { IntermediateDocument } from '../document';

/** How a format renders, from the client's options. */
export interface RenderOptions {
  /** Mark where each page starts (`format.pageMarkers`). */
  pageMarkers: boolean;
}

/** One output format: a name clients ask for, the media type it produces, and a pure renderer. */
export interface OutputFormat {
  readonly name: string;
  readonly mediaType: string;
  render(document: IntermediateDocument, options: RenderOptions): string;
}
